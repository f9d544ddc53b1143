import { mkdir } from 'node:fs/promises';
import { diskStorage } from './disk';
import { assertBucketReachable, type S3Config, s3Storage } from './s3';
import type { Storage } from './types';

export { contentTypeOf } from './content-type';
export { diskStorage } from './disk';
export { BucketUnreachableError, s3Storage } from './s3';
export { isSafeKey, RangeNotSatisfiable, type Storage } from './types';

/**
 * The uploads' storage: the bucket when one is configured (checked reachable first: BucketUnreachableError),
 * DATA_DIR/uploads otherwise (made here when missing).
 */
export async function openStorage(uploadsDir: string, s3: S3Config | null): Promise<Storage> {
  if (s3) {
    await assertBucketReachable(s3);
    return s3Storage(s3);
  }
  await mkdir(uploadsDir, { recursive: true });
  return diskStorage(uploadsDir);
}

/** A whole stored file in memory (media sent to WhatsApp), or null when there is none. */
export async function readStored(storage: Storage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
