import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { BadRequest, PayloadTooLarge, UnsupportedMedia } from './errors';
import { contentTypeOf, isSafeKey, readStored, type Storage } from './storage';

export const UPLOADS_URL_PREFIX = '/backend/uploads';

export type UploadRules = {
  maxBytes: number;
  /** Allowed real types, detected from the bytes (magic numbers), never from the name or the declared type. */
  mimeTypes: readonly string[];
  tooLarge: string;
  wrongType: string;
};

/** Reads one multipart file under the size cap and checks what its bytes really are. */
export async function readCheckedFile(
  file: MultipartFile | undefined,
  rules: UploadRules,
): Promise<{ buffer: Buffer; mime: string; ext: string; filename: string }> {
  if (!file) throw new BadRequest('Nenhum arquivo enviado.');
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLarge(rules.tooLarge);
    throw err;
  }
  if (file.file.truncated || buffer.length > rules.maxBytes) throw new PayloadTooLarge(rules.tooLarge);
  if (buffer.length === 0) throw new BadRequest('O arquivo está vazio.');
  const type = await fileTypeFromBuffer(buffer);
  if (!type || !rules.mimeTypes.includes(type.mime)) throw new UnsupportedMedia(rules.wrongType);
  return { buffer, mime: type.mime, ext: type.ext, filename: file.filename.replaceAll('\u0000', '') };
}

/** The name storeUpload gives a file: 32 random hex digits and the extension of its real type. */
const STORED_NAME = /^[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

/** Whether `url` names a file storeUpload wrote into `kind`, and nothing else (no other folder, no `..`). */
export function isStoredUpload(url: string, kind: string): boolean {
  const prefix = `${UPLOADS_URL_PREFIX}/${kind}/`;
  return url.startsWith(prefix) && STORED_NAME.test(url.slice(prefix.length));
}

/** The storage key of a URL under /backend/uploads/, or null for any other URL. */
export function uploadKeyOf(url: string): string | null {
  const prefix = `${UPLOADS_URL_PREFIX}/`;
  return url.startsWith(prefix) ? url.slice(prefix.length) : null;
}

/**
 * The bytes of one of our uploads named by its URL (media sent to a channel), or null for a URL elsewhere, one
 * that leaves the uploads (`..`) or a file no longer stored. Never a fetch: a URL someone wrote is not followed.
 */
export async function readUpload(storage: Storage, url: string): Promise<Buffer | null> {
  const rel = uploadKeyOf(url);
  let key: string;
  try {
    key = rel === null ? '' : decodeURIComponent(rel);
  } catch {
    return null;
  }
  return isSafeKey(key) ? readStored(storage, key) : null;
}

/** Stores bytes under a random name in `kind/` of the uploads' storage, and returns the public URL. */
export async function storeUpload(storage: Storage, kind: string, buffer: Buffer, ext: string): Promise<string> {
  const key = `${kind}/${randomBytes(16).toString('hex')}.${ext}`;
  await storage.put(key, buffer, contentTypeOf(key));
  return `${UPLOADS_URL_PREFIX}/${key}`;
}
