import { ANEXO_MAX_BYTES, ANEXO_MIME_TYPES, ATENDIMENTO_TEXTS, tipoFromMime } from '@balcao/shared/atendimentos';
import { CAPACIDADES_CANAL, type TTipoMidia } from '@balcao/shared/canais';
import { prepararMidia } from '../../channels/midia';
import type { AppContext } from '../../context';
import { BadRequest, NotFound } from '../../lib/errors';
import { isStoredUpload, type UploadRules } from '../../lib/uploads';
import { assertCanSee, type TStaff } from './policy';
import { presentAtendimento } from './presenter';
import { findAtendimento } from './queries';

/** The house's attachment rules (conversations, the widget, tasks): 16 MB, the types a conversation carries, by content. */
export const ANEXO_RULES: UploadRules = {
  maxBytes: ANEXO_MAX_BYTES,
  mimeTypes: ANEXO_MIME_TYPES,
  tooLarge: ATENDIMENTO_TEXTS.anexoTamanho,
  wrongType: ATENDIMENTO_TEXTS.anexoTipo,
};

type Checked = { buffer: Buffer; mime: string; ext: string; filename: string };

/**
 * An attachment for one conversation, as its channel takes it (the driver's declared capabilities):
 * converted (a WebP photo for WhatsApp becomes JPEG, under a matching name) or refused in Portuguese while
 * the attendant is still at the composer, not after the send.
 */
export async function anexoParaCanal(ctx: Pick<AppContext, 'db' | 'channels'>, staff: TStaff, atendimentoId: string, file: Checked) {
  const joined = await findAtendimento(ctx.db, staff.accountId, atendimentoId);
  if (!joined) throw new NotFound(ATENDIMENTO_TEXTS.naoEncontrado);
  assertCanSee(staff, presentAtendimento(joined));
  const caps = ctx.channels?.capabilities(joined.canalTipo) ?? CAPACIDADES_CANAL[joined.canalTipo];
  const ready = await prepararMidia(caps, tipoFromMime(file.mime) as TTipoMidia, file);
  if (ready.mime === file.mime) return file;
  return { ...ready, filename: `${file.filename.replace(/\.[^./\\]+$/, '')}.${ready.ext}` };
}

/** Staff attachments are stored per account, so a message's media can be checked as this account's upload. */
export const anexosKind = (accountId: string) => `anexos/${accountId}`;

/**
 * A staff message's media is an upload of this account (POST /api/atendimento/upload): any other URL (another
 * site, one of our API paths, another account's file) would be sent to the customer and shown to staff as ours.
 */
export function assertAnexoDaConta(accountId: string, url: string): void {
  if (!isStoredUpload(url, anexosKind(accountId)))
    throw new BadRequest(ATENDIMENTO_TEXTS.anexoNaoEncontrado, { midia: [ATENDIMENTO_TEXTS.anexoNaoEncontrado] });
}
