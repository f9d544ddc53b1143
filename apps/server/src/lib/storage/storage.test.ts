import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../test/s3-server';
import { diskStorage, RangeNotSatisfiable, readStored, s3Storage, type Storage } from '.';

/** The same contract for both backends: what one does, the other does, so the app never asks which it has. */
const BACKENDS: [string, () => Promise<{ storage: Storage; close: () => Promise<void> }>][] = [
  [
    'disk',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'balcao-storage-'));
      return { storage: diskStorage(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    's3 (s3rver)',
    async () => {
      const s3: LocalS3 = await startLocalS3();
      return { storage: s3Storage(s3.config), close: s3.close };
    },
  ],
];

describe.each(BACKENDS)('storage contract: %s', (_name, open) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(() => close());

  const bytes = Buffer.from('0123456789abcdefghij');

  it('stores a file and gives it back as a stream with its size, type and validators', async () => {
    await storage.put('fotos/a1.png', bytes, 'image/png');
    const file = await storage.get('fotos/a1.png');
    expect(file).not.toBeNull();
    expect([file!.size, file!.contentType, file!.start, file!.end]).toEqual([20, 'image/png', 0, 19]);
    expect(file!.etag).toMatch(/^(W\/)?".+"$/);
    expect(Date.now() - file!.lastModified.getTime()).toBeLessThan(60_000);
    expect(await text(file!.body)).toBe(bytes.toString());
    expect(await storage.head('fotos/a1.png')).toMatchObject({ size: 20, contentType: 'image/png', etag: file!.etag });
    expect(await storage.exists('fotos/a1.png')).toBe(true);
  });

  it('reads a part: from a byte to another, to the end, the last bytes', async () => {
    await storage.put('anexos/b2.mp3', bytes, 'audio/mpeg');
    const part = async (range: Parameters<Storage['get']>[1]) => {
      const f = (await storage.get('anexos/b2.mp3', range))!;
      return [f.start, f.end, f.size, await text(f.body)];
    };
    expect(await part({ start: 2, end: 5 })).toEqual([2, 5, 20, '2345']);
    expect(await part({ start: 15 })).toEqual([15, 19, 20, 'fghij']);
    expect(await part({ suffix: 3 })).toEqual([17, 19, 20, 'hij']);
    expect(await part({ start: 18, end: 400 })).toEqual([18, 19, 20, 'ij']);
    await expect(storage.get('anexos/b2.mp3', { start: 20 })).rejects.toEqual(new RangeNotSatisfiable(20));
  });

  it('answers null for a missing file, and deleting one twice is no error', async () => {
    expect(await storage.get('fotos/nada.png')).toBeNull();
    expect(await storage.head('fotos/nada.png')).toBeNull();
    expect(await storage.exists('fotos/nada.png')).toBe(false);
    await storage.put('widget/c3.pdf', bytes, 'application/pdf');
    await storage.delete('widget/c3.pdf');
    await storage.delete('widget/c3.pdf');
    expect(await storage.exists('widget/c3.pdf')).toBe(false);
    expect(await readStored(storage, 'widget/c3.pdf')).toBeNull();
  });

  it('lists every file with its size, keys as they were stored', async () => {
    await storage.put('anexos/conta-1/d4.webm', Buffer.alloc(1000, 7), 'video/webm');
    const all = new Map<string, number>();
    for await (const { key, size } of storage.list()) all.set(key, size);
    expect(all.get('anexos/conta-1/d4.webm')).toBe(1000);
    expect(all.get('fotos/a1.png')).toBe(20);
    expect(all.has('widget/c3.pdf')).toBe(false);
    expect((await readStored(storage, 'anexos/conta-1/d4.webm'))!.equals(Buffer.alloc(1000, 7))).toBe(true);
  });

  it('a key that leaves the uploads is never a file', async () => {
    for (const key of ['../segredo', 'fotos/../../x', '/abs', 'a//b', 'a\\b'])
      expect([key, await storage.exists(key).catch(() => false)]).toEqual([key, false]);
  });
});
