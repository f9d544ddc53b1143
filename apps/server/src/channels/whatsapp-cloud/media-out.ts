import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { TMidia } from '@balcao/shared/atendimentos';
import type { TCapacidadesCanal, TTipoMidia } from '@balcao/shared/canais';
import { NotFound } from '../../lib/errors';
import { UPLOADS_URL_PREFIX } from '../../lib/uploads';
import { prepararMidia } from '../midia';

const ANEXO_SUMIU = 'O arquivo do anexo não está mais disponível: anexe-o de novo.';
/** Meta names some types in their base form: Ogg with Opus is 'audio/ogg', M4A 'audio/mp4'. */
const TIPO_META: Record<string, string> = { 'audio/ogg; codecs=opus': 'audio/ogg', 'audio/x-m4a': 'audio/mp4' };
/** Old Office files share one container ('application/x-cfb'): the name tells which. */
const CFB_POR_EXTENSAO: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/**
 * The attachment's bytes: a file of our uploads folder, never outside it. Never a link elsewhere: the server
 * fetching a URL someone wrote would reach whatever our network reaches.
 */
async function bytesOf(uploadsDir: string, url: string): Promise<Buffer> {
  if (!url.startsWith(`${UPLOADS_URL_PREFIX}/`)) throw new NotFound(ANEXO_SUMIU);
  const root = path.resolve(uploadsDir);
  const file = path.resolve(root, decodeURIComponent(url.slice(UPLOADS_URL_PREFIX.length + 1)));
  if (!file.startsWith(root + path.sep)) throw new NotFound(ANEXO_SUMIU);
  return readFile(file).catch(() => {
    throw new NotFound(ANEXO_SUMIU);
  });
}

const extensao = (filename: string | null) => (filename?.match(/\.([a-z0-9]+)$/i)?.[1] ?? '').toLowerCase();

/**
 * What goes to Meta's /media for an attachment: its bytes as the channel takes them (converted or refused by
 * its capabilities, judged by what the bytes really are), the type in Meta's words and a file name.
 */
export async function mediaForMeta(uploadsDir: string, caps: TCapacidadesCanal, tipo: TTipoMidia, midia: TMidia) {
  const buffer = await bytesOf(uploadsDir, midia.url);
  const mime = (await fileTypeFromBuffer(buffer))?.mime ?? midia.mimeType;
  const ready = await prepararMidia(caps, tipo, { buffer, mime, ext: extensao(midia.filename) });
  const base = (midia.filename ?? 'anexo').replace(/\.[a-z0-9]+$/i, '');
  return {
    bytes: ready.buffer,
    mime:
      ready.mime === 'application/x-cfb' ? (CFB_POR_EXTENSAO[ready.ext] ?? 'application/msword') : (TIPO_META[ready.mime] ?? ready.mime),
    filename: ready.mime === mime && midia.filename ? midia.filename : `${base}.${ready.ext || 'bin'}`,
  };
}
