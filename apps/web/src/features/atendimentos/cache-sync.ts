import type { QueryClient } from '@tanstack/react-query';
import type { TAtendimento, TConversasPage, TMensagem, TStatusAtendimento } from '@balcao/shared/atendimentos';
import type { TStatusUpdate } from '@balcao/shared/atendimentos/realtime';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { atendimentoKeys } from './keys';
import {
  findConversa,
  withUltimaMensagem,
  maisRecentePrimeiro,
  belongsToLista,
  canSee,
  previaDaMensagem,
  previaDe,
  withoutNaoLidas,
  upsertConversa,
  type TConversasData,
  type TFiltroConversas,
  type TPrevia,
} from './list-cache';
import { withEnvio, withStatus, todasMensagens, upsertMensagem, type TMensagemLocal, type TMensagensData } from './message-cache';

type TUser = Pick<TCurrentUser, 'id' | 'role' | 'departamentoId'>;

const listas = (qc: QueryClient) => qc.getQueriesData<TConversasData>({ queryKey: atendimentoKeys.listas() });
const filtroDe = (key: readonly unknown[]) => key[key.length - 1] as TFiltroConversas;

/** The row as this client last knew it: the open header first, else any list. */
export function conversaConhecida(qc: QueryClient, id: string): TAtendimento | undefined {
  const detalhe = qc.getQueryData<TAtendimento>(atendimentoKeys.detalhe(id));
  if (detalhe) return detalhe;
  for (const [, data] of listas(qc)) {
    const row = findConversa(data, id);
    if (row) return row;
  }
  return undefined;
}

/** A changed row into every cached list and the header (rows from the server go through applyServerConversa). */
function aplicarConversa(qc: QueryClient, row: TAtendimento, user: TUser) {
  const antes: TStatusAtendimento | null = conversaConhecida(qc, row.atendimentoId)?.status ?? null;
  const visivel = canSee(row, user);
  for (const [key, data] of listas(qc)) {
    if (data) qc.setQueryData<TConversasData>(key, upsertConversa(data, row, filtroDe(key), antes, visivel));
  }
  if (qc.getQueryData(atendimentoKeys.detalhe(row.atendimentoId)) || visivel)
    qc.setQueryData(atendimentoKeys.detalhe(row.atendimentoId), row);
}

/**
 * Per cache and row, what the server has told (our own optimistic previews are not counted): the time of the
 * newest row, and the newest preview, a row's or a message's. The hub sends a customer's message without its
 * row (the message carries what the row becomes), so a row read before that message can arrive after it.
 */
type TContado = { linhaEm?: string; previa?: TPrevia };
const contadas = new WeakMap<QueryClient, Map<string, TContado>>();

function contado(qc: QueryClient, id: string): TContado {
  const porId = contadas.get(qc) ?? new Map<string, TContado>();
  contadas.set(qc, porId);
  const c = porId.get(id) ?? {};
  porId.set(id, c);
  return c;
}

/** Whether `em` is older than the preview told: a row of that time misses a message since. */
const antesDaPrevia = (c: TContado, em: string | null) => Boolean(em && c.previa?.ultimaMensagemEm && em < c.previa.ultimaMensagemEm);

/**
 * A row as the server told it (ChatListAtendimento, or the answer of our own action). A row read before a newer
 * row (an action's answer slower than the hub, or a change made at the same moment) is left out: applying it
 * would put an older state back. A row read before a newer message only takes that message's preview and count.
 */
export function applyServerConversa(qc: QueryClient, row: TAtendimento, user: TUser) {
  const c = contado(qc, row.atendimentoId);
  const em = row.ultimaMensagemEm;
  if (c.linhaEm && em && em < c.linhaEm) return;
  if (em) c.linhaEm = em;
  if (antesDaPrevia(c, em)) return aplicarConversa(qc, { ...row, ...c.previa }, user);
  c.previa = previaDe(row);
  aplicarConversa(qc, row, user);
}

/**
 * A list page as fetched, against what this client was told meanwhile: a page read before a newer change of
 * one of its rows can arrive after the hub told of it (the tab Aceitar opens loads while the answer is sent;
 * that list was not cached, so the hub's row went nowhere). Such a row is the newer one known here (only its
 * preview when just a message came since), in its place by time, or is left out when it no longer belongs here.
 */
export function withKnownConversas(qc: QueryClient, page: TConversasPage, filtro: TFiltroConversas, user: TUser | null): TConversasPage {
  let mudou = false;
  const itens = page.itens.flatMap((row) => {
    const conhecida = conversaConhecida(qc, row.atendimentoId);
    const em = row.ultimaMensagemEm;
    if (!conhecida?.ultimaMensagemEm || !em || conhecida.ultimaMensagemEm <= em) return [row];
    mudou = true;
    const linhaEm = contadas.get(qc)?.get(row.atendimentoId)?.linhaEm;
    const nova = linhaEm && linhaEm > em ? conhecida : { ...row, ...previaDe(conhecida) };
    return belongsToLista(nova, filtro, !user || canSee(nova, user)) ? [nova] : [];
  });
  return mudou ? { ...page, itens: itens.sort(maisRecentePrimeiro) } : page;
}

/** A message into the open (cached) conversation; conversations not loaded fetch fresh when opened. */
export function applyMensagem(qc: QueryClient, m: TMensagemLocal, forcarStatus = false) {
  const key = atendimentoKeys.mensagens(m.atendimentoId);
  const data = qc.getQueryData<TMensagensData>(key);
  if (data) qc.setQueryData<TMensagensData>(key, upsertMensagem(data, m, forcarStatus));
}

/** After `m` was deleted: the newest message of its conversation that remains, as far as this client holds it. */
function restanteApos(qc: QueryClient, m: TMensagem): TMensagem | null {
  if (!m.apagada) return null;
  const todas = todasMensagens(qc.getQueryData<TMensagensData>(atendimentoKeys.mensagens(m.atendimentoId)));
  return todas.findLast((x) => x.id !== m.id && !x.apagada && x.envio !== 'falhou') ?? null;
}

/**
 * The row's preview and unread count follow a message (our own optimistic copy, the server's ack, or the
 * hub's through applyServerPreview). Answers whether a cached row holds it.
 */
export function applyPreview(qc: QueryClient, m: TMensagemLocal, naoLidas: number | undefined, aberto: boolean, user: TUser): boolean {
  const row = conversaConhecida(qc, m.atendimentoId);
  if (!row) return false;
  const next = withUltimaMensagem(row, m, naoLidas, aberto, restanteApos(qc, m));
  if (next !== row) aplicarConversa(qc, next, user);
  return true;
}

/**
 * A message the hub told of, with the conversation's unread count on the server: applied as applyPreview,
 * and counted as the server's preview (a row read before it, arriving later or read for it because no cached
 * row holds it, takes this preview: applyServerConversa).
 */
export function applyServerPreview(qc: QueryClient, m: TMensagem, naoLidas: number | undefined, aberto: boolean, user: TUser): boolean {
  const c = contado(qc, m.atendimentoId);
  if (naoLidas !== undefined && !m.interna && !antesDaPrevia(c, m.criadaEm))
    c.previa = previaDaMensagem(m, aberto ? 0 : naoLidas, restanteApos(qc, m));
  return applyPreview(qc, m, naoLidas, aberto, user);
}

export function applyStatus(qc: QueryClient, u: TStatusUpdate) {
  const key = atendimentoKeys.mensagens(u.atendimentoId);
  const data = qc.getQueryData<TMensagensData>(key);
  if (data) qc.setQueryData<TMensagensData>(key, withStatus(data, u));
}

export function applyEnvio(qc: QueryClient, atendimentoId: string, clientId: string, envio: TMensagemLocal['envio'], erro?: string) {
  const key = atendimentoKeys.mensagens(atendimentoId);
  const data = qc.getQueryData<TMensagensData>(key);
  if (data) qc.setQueryData<TMensagensData>(key, withEnvio(data, clientId, envio, erro));
}

export function markLidaLocally(qc: QueryClient, id: string) {
  for (const [key, data] of listas(qc)) if (data) qc.setQueryData<TConversasData>(key, withoutNaoLidas(data, id));
  const detalhe = qc.getQueryData<TAtendimento>(atendimentoKeys.detalhe(id));
  if (detalhe) qc.setQueryData(atendimentoKeys.detalhe(id), { ...detalhe, mensagensNaoLidas: 0 });
}
