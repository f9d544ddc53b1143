import type { MultipartFile } from '@fastify/multipart';
import {
  CHAT_INTERNO_MIME_TYPES,
  CHAT_INTERNO_UPLOAD_MAX_BYTES,
  CHAT_INTERNO_VALIDACAO as V,
  formatarTamanho,
  GRUPO_FOTO_MAX_BYTES,
  GRUPO_FOTO_MIME_TYPES,
  tipoPorMime,
  type TMidiaTipo,
} from '@balcao/shared/chat-interno';
import { BadRequest, PayloadTooLarge, UnsupportedMedia } from '../../lib/errors';
import { readCheckedFile, type UploadRules } from '../../lib/uploads';

/** The multipart cap of one chat file: the largest kind's; each kind's own cap is checked once the bytes are known. */
export const CHAT_FILE_MAX_BYTES = Math.max(...Object.values(CHAT_INTERNO_UPLOAD_MAX_BYTES));

const CHAT_FILE_RULES: UploadRules = {
  maxBytes: CHAT_FILE_MAX_BYTES,
  mimeTypes: Object.values(CHAT_INTERNO_MIME_TYPES).flat(),
  tooLarge: V.arquivoGrande(formatarTamanho(CHAT_FILE_MAX_BYTES)),
  wrongType: V.arquivoTipo,
};

export const GRUPO_FOTO_RULES: UploadRules = {
  maxBytes: GRUPO_FOTO_MAX_BYTES,
  mimeTypes: GRUPO_FOTO_MIME_TYPES,
  tooLarge: V.arquivoGrande(formatarTamanho(GRUPO_FOTO_MAX_BYTES)),
  wrongType: V.fotoGrupoTipo,
};

export type ChatFile = { buffer: Buffer; mime: string; ext: string; filename: string; tipo: TMidiaTipo };

/** The multipart part must come in the field the spec names (`file`, `foto`). */
export function expectField(file: MultipartFile | undefined, field: string): MultipartFile | undefined {
  if (file && file.fieldname !== field) throw new BadRequest(`Envie o arquivo no campo "${field}".`);
  return file;
}

/**
 * A chat attachment checked by what its bytes are (magic numbers), then against its kind's cap.
 * Plain text has no signature, so a `.txt` is accepted only when its bytes are UTF-8 text.
 */
export async function readChatFile(file: MultipartFile | undefined): Promise<ChatFile> {
  let checked: Awaited<ReturnType<typeof readCheckedFile>>;
  try {
    checked = await readCheckedFile(file, CHAT_FILE_RULES);
  } catch (err) {
    // The part's bytes are already read (and cached by toBuffer), so the text check costs no second read.
    if (!(err instanceof UnsupportedMedia) || !file || !/\.txt$/i.test(file.filename)) throw err;
    const buffer = await file.toBuffer();
    if (!isUtf8Text(buffer)) throw err;
    checked = { buffer, mime: 'text/plain', ext: 'txt', filename: file.filename };
  }
  const tipo = tipoPorMime(checked.mime);
  const cap = CHAT_INTERNO_UPLOAD_MAX_BYTES[tipo];
  if (checked.buffer.length > cap) throw new PayloadTooLarge(V.arquivoGrande(formatarTamanho(cap)));
  return { ...checked, tipo };
}

function isUtf8Text(buffer: Buffer): boolean {
  if (buffer.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
}
