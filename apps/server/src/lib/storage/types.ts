import type { Readable } from 'node:stream';

/** What is known of a stored file without reading it. */
export type StoredInfo = {
  size: number;
  contentType: string;
  /** A validator for conditional requests, quoted as HTTP wants it. */
  etag: string;
  lastModified: Date;
};

/** Bytes `start` to `end` (both included) of a file, or its last `suffix` bytes: an HTTP Range, already parsed. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/** A stored file being read: its bytes as a stream, and the part of it they are (`start`..`end`, both included). */
type StoredFile = StoredInfo & { body: Readable; start: number; end: number };

/** A range that begins beyond the end of the file: HTTP 416, answered with the file's size. */
export class RangeNotSatisfiable extends Error {
  constructor(readonly size: number) {
    super(`range outside a file of ${size} bytes`);
  }
}

/**
 * Where uploads live (lib/storage): the embedded default writes them under DATA_DIR/uploads, and with S3_BUCKET set
 * an S3-compatible bucket holds them, shared by every instance. Keys are the path after /backend/uploads/.
 */
export interface Storage {
  /** `disco` or `s3`: what the operator is told (backup, logs). */
  readonly kind: 'disco' | 's3';
  /** Where the files are, for people: the folder or `s3://bucket`. */
  readonly where: string;
  /** Stores a new file; durable (on the disk, or acknowledged by the bucket) when this resolves. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file (or the part of it a range names) as a stream; null when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** What is known of the file, or null when there is none. */
  head(key: string): Promise<StoredInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored file with its size, in no promised order (the migration to a bucket walks it). */
  list(): AsyncIterable<{ key: string; size: number }>;
}

/** A key names a file under the uploads, never outside: no empty, `.` or `..` part, no backslash or NUL. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512 || key.includes('\\') || key.includes('\u0000')) return false;
  return key.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}
