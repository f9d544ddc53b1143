import { createReadStream } from 'node:fs';
import { opendir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeNewFileDurably } from '../durable-files';
import { contentTypeOf } from './content-type';
import { type ByteRange, isSafeKey, RangeNotSatisfiable, type Storage, type StoredInfo } from './types';

/** The bytes a range names in a file of `size` bytes (both ends included); throws when it starts past the end. */
export function resolveRange(range: ByteRange | undefined, size: number): { start: number; end: number } {
  if (!range) return { start: 0, end: size - 1 };
  if ('suffix' in range && range.suffix === 0) throw new RangeNotSatisfiable(size);
  if ('suffix' in range) return { start: Math.max(0, size - range.suffix), end: size - 1 };
  if (range.start >= size) throw new RangeNotSatisfiable(size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** The embedded default: files under one folder (DATA_DIR/uploads), each on the disk before it is referred to. */
export function diskStorage(root: string): Storage {
  const dir = path.resolve(root);
  const fileOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`chave de upload inválida: ${key}`);
    return path.join(dir, ...key.split('/'));
  };
  const head = async (key: string): Promise<StoredInfo | null> => {
    if (!isSafeKey(key)) return null;
    const s = await stat(fileOf(key)).catch(() => null);
    if (!s?.isFile()) return null;
    // The validator @fastify/static gave these files: size and modification time.
    return {
      size: s.size,
      contentType: contentTypeOf(key),
      etag: `W/"${s.size.toString(16)}-${s.mtime.getTime().toString(16)}"`,
      lastModified: s.mtime,
    };
  };
  async function* walk(folder: string, prefix: string): AsyncGenerator<{ key: string; size: number }> {
    const entries = await opendir(folder).catch(() => null);
    if (!entries) return;
    for await (const entry of entries) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) yield* walk(path.join(folder, entry.name), key);
      else if (entry.isFile() && isSafeKey(key)) yield { key, size: (await stat(path.join(folder, entry.name))).size };
    }
  }
  return {
    kind: 'disco',
    where: dir,
    put: (key, data) => writeNewFileDurably(fileOf(key), data),
    head,
    exists: async (key) => (await head(key)) !== null,
    async get(key, range) {
      const info = await head(key);
      if (!info) return null;
      const { start, end } = resolveRange(range, info.size);
      // An empty file has no byte to read: createReadStream's `end: -1` would mean "to the end" anyway.
      return { ...info, start, end, body: createReadStream(fileOf(key), info.size === 0 ? {} : { start, end }) };
    },
    async delete(key) {
      if (isSafeKey(key)) await rm(fileOf(key), { force: true });
    },
    list: () => walk(dir, ''),
  };
}
