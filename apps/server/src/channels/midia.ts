import { midiaRecusada, type TCapacidadesCanal, type TTipoMidia } from '@balcao/shared/canais';
import sharp from 'sharp';
import { PayloadTooLarge, UnsupportedMedia } from '../lib/errors';

export type ArquivoMidia = { buffer: Buffer; mime: string; ext: string };

/** Photos converted for a channel: good enough to read a receipt or a product, a fraction of a PNG's size. */
const JPEG_QUALIDADE = 85;
const EXT_CONVERTIDA: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/** A refusal as the HTTP error it is: 415 for a format, 413 for a size. */
export function refuse(r: ReturnType<typeof midiaRecusada>) {
  if (r) throw r.motivo === 'tamanho' ? new PayloadTooLarge(r.mensagem) : new UnsupportedMedia(r.mensagem);
}

/** The channel's conversion of an image (an animated GIF or WebP keeps its first frame; transparency goes white). */
async function converter(buffer: Buffer, para: string): Promise<Buffer> {
  const img = sharp(buffer, { animated: false }).flatten({ background: '#ffffff' });
  return para === 'image/png' ? img.png().toBuffer() : img.jpeg({ quality: JPEG_QUALIDADE }).toBuffer();
}

/**
 * A file as the channel takes it (its declared capabilities): converted first where it declares a
 * conversion, then checked against its formats and sizes; refused in Portuguese (415 or 413) otherwise.
 * A channel without limits takes the file as it came.
 */
export async function prepararMidia(c: TCapacidadesCanal, tipo: TTipoMidia, file: ArquivoMidia): Promise<ArquivoMidia> {
  refuse(midiaRecusada(c, tipo, file.mime, file.buffer.length));
  const para = c.conversoes[file.mime];
  if (!para) return file;
  const convertido = { buffer: await converter(file.buffer, para), mime: para, ext: EXT_CONVERTIDA[para] ?? 'bin' };
  refuse(midiaRecusada(c, tipo, convertido.mime, convertido.buffer.length));
  return convertido;
}
