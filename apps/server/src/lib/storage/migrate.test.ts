import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../test/s3-server';
import { diskStorage, readStored, s3Storage, type Storage } from '.';
import { formatProgress, migrateUploads } from './migrate';

const CLI = fileURLToPath(new URL('../../cli/uploads-migrate.ts', import.meta.url));

describe('npm run uploads:migrate: the disk store into a bucket (s3rver)', () => {
  let s3: LocalS3;
  let dataDir: string;
  let disk: Storage;
  let bucket: Storage;
  beforeAll(async () => {
    s3 = await startLocalS3();
    dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-migrate-'));
    disk = diskStorage(path.join(dataDir, 'uploads'));
    bucket = s3Storage(s3.config);
    await disk.put('fotos/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png', Buffer.from('foto'), 'image/png');
    await disk.put('anexos/conta-7/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.pdf', Buffer.alloc(300_000, 1), 'application/pdf');
    await disk.put('logos/cccccccccccccccccccccccccccccccc.webp', Buffer.from('logo'), 'image/webp');
  });
  afterAll(async () => {
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies what the bucket lacks, skips what it has with the same size, and a second run copies nothing', async () => {
    // As if an earlier run stopped after the photo, and the logo had been half-written by something else.
    await bucket.put('fotos/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png', Buffer.from('foto'), 'image/png');
    await bucket.put('logos/cccccccccccccccccccccccccccccccc.webp', Buffer.from('lo'), 'image/webp');
    const seen: number[] = [];
    const first = await migrateUploads(disk, bucket, (p) => seen.push(p.done));
    expect(first).toEqual({ copied: 2, skipped: 1, failed: [], bytes: 300_004 });
    expect(seen).toEqual([0, 1, 2, 3]);
    expect((await readStored(bucket, 'logos/cccccccccccccccccccccccccccccccc.webp'))!.toString()).toBe('logo');
    expect(await bucket.head('anexos/conta-7/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.pdf')).toMatchObject({
      size: 300_000,
      contentType: 'application/pdf',
    });
    expect(await migrateUploads(disk, bucket)).toEqual({ copied: 0, skipped: 3, failed: [], bytes: 0 });
  });

  it('draws a progress bar of the bytes copied', () => {
    expect(formatProgress({ done: 1, total: 4, bytesDone: 1024 * 1024, bytesTotal: 4 * 1024 * 1024 }, 8)).toBe(
      '[##------]  25% 1/4 arquivos, 1,0 MB de 4,0 MB',
    );
  });

  it('the command reads the server’s variables, copies and sums up; without S3_BUCKET it says what is missing', async () => {
    mkdirSync(path.join(dataDir, 'uploads', 'widget'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'widget', 'dddddddddddddddddddddddddddddddd.jpg'), 'novo');
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', CLI], { env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env } });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('close', (code) => resolve({ code, out }));
      });
    const { config } = s3;
    const ok = await run({
      S3_BUCKET: config.bucket,
      S3_ENDPOINT: config.endpoint!,
      S3_ACCESS_KEY_ID: config.accessKeyId!,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey!,
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect([ok.code, ok.out.trim().split('\n').at(-1)]).toEqual([0, 'Copiados: 1 (0,0 MB). Já estavam no bucket: 3. Com falha: 0.']);
    expect(await bucket.exists('widget/dddddddddddddddddddddddddddddddd.jpg')).toBe(true);
    const missing = await run({});
    expect([missing.code, missing.out.trim()]).toEqual([
      1,
      'Defina S3_BUCKET (e S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY se preciso) para copiar os arquivos para o bucket.',
    ]);
  }, 60_000);
});
