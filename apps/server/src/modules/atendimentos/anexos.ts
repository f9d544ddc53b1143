import { ATENDIMENTO_TEXTS } from '@balcao/shared/atendimentos';
import { BadRequest } from '../../lib/errors';
import { UPLOADS_URL_PREFIX } from '../../lib/uploads';

/** Staff attachments are stored per account, so a message's media can be checked as this account's upload. */
export const anexosKind = (accountId: string) => `anexos/${accountId}`;

/** What storeUpload names a file: 32 random hex digits and the extension of its real type. */
const NOME_GUARDADO = /^[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

/**
 * A staff message's media is an upload of this account (POST /api/atendimento/upload): any other URL (another
 * site, one of our API paths, another account's file) would be sent to the customer and shown to staff as ours.
 */
export function assertAnexoDaConta(accountId: string, url: string): void {
  const prefix = `${UPLOADS_URL_PREFIX}/${anexosKind(accountId)}/`;
  if (!url.startsWith(prefix) || !NOME_GUARDADO.test(url.slice(prefix.length)))
    throw new BadRequest(ATENDIMENTO_TEXTS.anexoNaoEncontrado, { midia: [ATENDIMENTO_TEXTS.anexoNaoEncontrado] });
}
