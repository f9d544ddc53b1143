import type { TNotificacaoPreferencias, TNotificacaoPreferenciasInput, TPushInscricao } from '@balcao/shared/notificacoes';
import type { Db } from '../../lib/db';
import type { TSessionUser } from '../../lib/session';
import { presentPreferencias } from './presenter';
import { deleteInscricao, findPreferencias, savePreferencias, upsertInscricao } from './queries';
import { forgetInscritos } from './destinatarios';

export async function subscribe(db: Db, user: TSessionUser, body: TPushInscricao) {
  await upsertInscricao(db, user.accountId, user.id, body.subscription);
  forgetInscritos(user.accountId);
}

export async function unsubscribe(db: Db, user: TSessionUser, body: TPushInscricao) {
  await deleteInscricao(db, user.id, body.subscription.endpoint);
  forgetInscritos(user.accountId);
}

export async function getPreferencias(db: Db, user: TSessionUser): Promise<TNotificacaoPreferencias> {
  return presentPreferencias(await findPreferencias(db, user.id));
}

/** A partial change over what is kept (or the defaults): the settings screen sends one switch at a time. */
export async function updatePreferencias(db: Db, user: TSessionUser, input: TNotificacaoPreferenciasInput) {
  const atual = await getPreferencias(db, user);
  const next: TNotificacaoPreferencias = { ...atual, ...input, eventos: { ...atual.eventos, ...input.eventos } };
  await savePreferencias(db, { usuarioId: user.id, accountId: user.accountId, ...next });
  forgetInscritos(user.accountId);
  return next;
}
