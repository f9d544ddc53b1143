import { fileTypeFromBuffer } from 'file-type';
import type { TMidia } from '@balcao/shared/atendimentos';
import type { TCapacidadesCanal, TTipoMidia } from '@balcao/shared/canais';
import { NotFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { readUpload } from '../../lib/uploads';
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
 * The attachment's bytes: a file of our uploads, never outside them. Never a link elsewhere: the server
 * fetching a URL someone wrote would reach whatever our network reaches.
 */
async function bytesOf(storage: Storage, url: string): Promise<Buffer> {
  const bytes = await readUpload(storage, url).catch(() => null);
  if (!bytes) throw new NotFound(ANEXO_SUMIU);
  return bytes;
}

const extensao = (filename: string | null) => (filename?.match(/\.([a-z0-9]+)$/i)?.[1] ?? '').toLowerCase();

/**
 * What goes to Meta's /media for an attachment: its bytes as the channel takes them (converted or refused by
 * its capabilities, judged by what the bytes really are), the type in Meta's words and a file name.
 */
export async function mediaForMeta(storage: Storage, caps: TCapacidadesCanal, tipo: TTipoMidia, midia: TMidia) {
  const buffer = await bytesOf(storage, midia.url);
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
