import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeAccount } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { type LocalS3, startLocalS3 } from '../../test/s3-server';
import { diskStorage, s3Storage, type Storage } from '.';
import { parseRange } from './serve';

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** Bytes a player asks for in parts: 2 MB, each byte telling its place. */
const AUDIO = Buffer.from(Array.from({ length: 2 * 1024 * 1024 }, (_, i) => i % 251));

const CASES = DB_KINDS.flatMap((kind) => [
  [kind, 'disk'],
  [kind, 's3'],
]) as ['pglite' | 'postgres', 'disk' | 's3'][];

describe.each(CASES)('GET /backend/uploads on %s, files on %s', (kind, backend) => {
  let t: TestApp;
  let s3: LocalS3 | undefined;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'balcao-serve-'));
    if (backend === 's3') s3 = await startLocalS3();
    const storage: Storage = s3 ? s3Storage(s3.config) : diskStorage(dir);
    t = await createTestApp(kind, { storage });
    await storage.put('fotos/0123456789abcdef0123456789abcdef.png', PNG_1X1, 'image/png');
    await storage.put('anexos/fedcba9876543210fedcba9876543210.mp3', AUDIO, 'audio/mpeg');
    await storage.put('anexos/00000000000000000000000000000001.html', Buffer.from('<script>alert(1)</script>'), 'text/html; charset=utf-8');
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('a picture: its bytes, its type, shown in place, sandboxed, nosniff, cached a month', async () => {
    const res = await get('/backend/uploads/fotos/0123456789abcdef0123456789abcdef.png', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG_1X1)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG_1X1.length),
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=2592000, immutable',
    });
    expect(String(res.headers['content-security-policy'])).toMatch(/^default-src 'none'.*; sandbox$/);
    expect(res.headers['content-encoding']).toBeUndefined();
    // Revalidation: the validator it gave answers 304 with no body.
    const again = await get('/backend/uploads/fotos/0123456789abcdef0123456789abcdef.png', { 'if-none-match': String(res.headers.etag) });
    expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);
  });

  it('a page is a download, never rendered as our origin', async () => {
    const res = await get('/backend/uploads/anexos/00000000000000000000000000000001.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="00000000000000000000000000000001.html"');
    expect(String(res.headers['content-security-policy'])).toMatch(/sandbox/);
  });

  it('sound in parts: 206 with the bytes asked, the last ones, and 416 beyond the end', async () => {
    const url = '/backend/uploads/anexos/fedcba9876543210fedcba9876543210.mp3';
    const whole = await get(url);
    expect([whole.statusCode, whole.headers['content-length'], whole.rawPayload.equals(AUDIO)]).toEqual([200, String(AUDIO.length), true]);
    const part = await get(url, { range: 'bytes=1000-1999' });
    expect([part.statusCode, part.headers['content-range'], part.headers['content-length']]).toEqual([
      206,
      `bytes 1000-1999/${AUDIO.length}`,
      '1000',
    ]);
    expect(part.rawPayload.equals(AUDIO.subarray(1000, 2000))).toBe(true);
    expect(part.headers['content-type']).toBe('audio/mpeg');
    const open = await get(url, { range: `bytes=${AUDIO.length - 10}-` });
    expect([open.statusCode, open.rawPayload.equals(AUDIO.subarray(-10))]).toEqual([206, true]);
    const last = await get(url, { range: 'bytes=-500' });
    expect([last.statusCode, last.headers['content-range'], last.rawPayload.equals(AUDIO.subarray(-500))]).toEqual([
      206,
      `bytes ${AUDIO.length - 500}-${AUDIO.length - 1}/${AUDIO.length}`,
      true,
    ]);
    const beyond = await get(url, { range: `bytes=${AUDIO.length}-` });
    expect([beyond.statusCode, beyond.headers['content-range']]).toEqual([416, `bytes */${AUDIO.length}`]);
    // A range for an older version of the file (If-Range) gets the whole file.
    const stale = await get(url, { range: 'bytes=0-9', 'if-range': '"outra-versao"' });
    expect([stale.statusCode, stale.rawPayload.length]).toEqual([200, AUDIO.length]);
  });

  it('HEAD answers the headers alone', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/backend/uploads/anexos/fedcba9876543210fedcba9876543210.mp3' });
    expect([res.statusCode, res.headers['content-length'], res.headers['content-type'], res.rawPayload.length]).toEqual([
      200,
      String(AUDIO.length),
      'audio/mpeg',
      0,
    ]);
  });

  it('a missing file or a path leaving the uploads is 404', async () => {
    for (const url of [
      '/backend/uploads/fotos/ffffffffffffffffffffffffffffffff.png',
      '/backend/uploads/fotos/..%2F..%2Fjwt.key',
      '/backend/uploads/',
    ]) {
      const res = await get(url);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'NOT_FOUND']);
    }
  });

  it('a profile photo uploaded through the API is stored there and served back', async () => {
    const acc = await makeAccount(t.ctx.db);
    const s = await login(t.app, acc.master.email);
    const form = new FormData();
    form.append('foto', new Blob([PNG_1X1], { type: 'image/png' }), 'eu.png');
    const body = new Response(form);
    const res = await t.app.inject({
      method: 'POST',
      url: '/backend/Usuario/UploadFotoPerfil',
      headers: { ...s.auth, 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    const { url } = res.json() as { url: string };
    expect(await t.ctx.storage.exists(url.replace('/backend/uploads/', ''))).toBe(true);
    const served = await get(url);
    expect([served.statusCode, served.headers['content-type'], served.rawPayload.equals(PNG_1X1)]).toEqual([200, 'image/png', true]);
  });
});

describe('parseRange', () => {
  it('reads one bytes range and ignores anything else', () => {
    expect(parseRange('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-')).toEqual({ start: 100 });
    expect(parseRange('bytes=-5')).toEqual({ suffix: 5 });
    for (const h of [undefined, 'bytes=5-1', 'bytes=0-1,4-5', 'items=0-1', 'bytes=-']) expect(parseRange(h)).toBeUndefined();
  });
});
