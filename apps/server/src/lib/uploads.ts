import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { writeNewFileDurably } from './durable-files';
import { BadRequest, PayloadTooLarge, UnsupportedMedia } from './errors';

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

/** Stores bytes under a random name in `uploadsDir/kind/`, on the disk, and returns the public URL. */
export async function storeUpload(uploadsDir: string, kind: string, buffer: Buffer, ext: string): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await writeNewFileDurably(path.join(uploadsDir, kind, name), buffer);
  return `${UPLOADS_URL_PREFIX}/${kind}/${name}`;
}
