import type { QueryClient } from '@tanstack/react-query';
import type { TAtendimento, TConversasPage, TStatusAtendimento } from '@balcao/shared/atendimentos';
import type { TStatusUpdate } from '@balcao/shared/atendimentos/realtime';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { atendimentoKeys } from './keys';
import {
  acharConversa,
  comUltimaMensagem,
  maisRecentePrimeiro,
  pertenceALista,
  podeVer,
  semNaoLidas,
  upsertConversa,
  type TConversasData,
  type TFiltroConversas,
} from './list-cache';
import { comEnvio, comStatus, upsertMensagem, type TMensagemLocal, type TMensagensData } from './message-cache';

type TUser = Pick<TCurrentUser, 'id' | 'role' | 'departamentoId'>;

const listas = (qc: QueryClient) => qc.getQueriesData<TConversasData>({ queryKey: atendimentoKeys.listas() });
const filtroDe = (key: readonly unknown[]) => key[key.length - 1] as TFiltroConversas;

/** The row as this client last knew it: the open header first, else any list. */
export function conversaConhecida(qc: QueryClient, id: string): TAtendimento | undefined {
  const detalhe = qc.getQueryData<TAtendimento>(atendimentoKeys.detalhe(id));
  if (detalhe) return detalhe;
  for (const [, data] of listas(qc)) {
    const row = acharConversa(data, id);
    if (row) return row;
  }
  return undefined;
}

/** A changed row into every cached list and the header (rows from the server go through aplicarConversaDoServidor). */
function aplicarConversa(qc: QueryClient, row: TAtendimento, user: TUser) {
  const antes: TStatusAtendimento | null = conversaConhecida(qc, row.atendimentoId)?.status ?? null;
  const visivel = podeVer(row, user);
  for (const [key, data] of listas(qc)) {
    if (data) qc.setQueryData<TConversasData>(key, upsertConversa(data, row, filtroDe(key), antes, visivel));
  }
  if (qc.getQueryData(atendimentoKeys.detalhe(row.atendimentoId)) || visivel)
    qc.setQueryData(atendimentoKeys.detalhe(row.atendimentoId), row);
}

/** Per cache, the newest `ultimaMensagemEm` the server has told of each row (our local previews are not counted). */
const contadas = new WeakMap<QueryClient, Map<string, string>>();

/**
 * A row as the server told it (ChatListAtendimento, or the answer of our own action). A row read before a newer
 * message was stored can arrive after that message's row (an action's answer slower than the hub, or a change
 * made at the same moment): applying it would put the older preview back, so it is left out.
 */
export function aplicarConversaDoServidor(qc: QueryClient, row: TAtendimento, user: TUser) {
  const vistas = contadas.get(qc) ?? new Map<string, string>();
  contadas.set(qc, vistas);
  const ultima = vistas.get(row.atendimentoId);
  const em = row.ultimaMensagemEm;
  if (ultima && em && em < ultima) return;
  if (em) vistas.set(row.atendimentoId, em);
  aplicarConversa(qc, row, user);
}

/**
 * A list page as fetched, against what this client was told meanwhile: a page read before a newer change of
 * one of its rows can arrive after the hub told of it (the tab Aceitar opens loads while the answer is sent;
 * that list was not cached, so the hub's row went nowhere). Such a row is the newer one known here, in its
 * place by time, or is left out when that one no longer belongs to this list.
 */
export function comConhecidas(qc: QueryClient, page: TConversasPage, filtro: TFiltroConversas, user: TUser | null): TConversasPage {
  let mudou = false;
  const itens = page.itens.flatMap((row) => {
    const conhecida = conversaConhecida(qc, row.atendimentoId);
    const em = row.ultimaMensagemEm;
    if (!conhecida?.ultimaMensagemEm || !em || conhecida.ultimaMensagemEm <= em) return [row];
    mudou = true;
    return pertenceALista(conhecida, filtro, !user || podeVer(conhecida, user)) ? [conhecida] : [];
  });
  return mudou ? { ...page, itens: itens.sort(maisRecentePrimeiro) } : page;
}

/** A message into the open (cached) conversation; conversations not loaded fetch fresh when opened. */
export function aplicarMensagem(qc: QueryClient, m: TMensagemLocal, forcarStatus = false) {
  const key = atendimentoKeys.mensagens(m.atendimentoId);
  const data = qc.getQueryData<TMensagensData>(key);
  if (data) qc.setQueryData<TMensagensData>(key, upsertMensagem(data, m, forcarStatus));
}

/** The row's preview and unread count follow a new message; unknown rows wait for the hub's ChatListAtendimento. */
export function aplicarPreview(qc: QueryClient, m: TMensagemLocal, naoLidas: number | undefined, aberto: boolean, user: TUser) {
  const row = conversaConhecida(qc, m.atendimentoId);
  if (!row) return;
  const next = comUltimaMensagem(row, m, naoLidas, aberto);
  if (next !== row) aplicarConversa(qc, next, user);
}

export function aplicarStatus(qc: QueryClient, u: TStatusUpdate) {
  const key = atendimentoKeys.mensagens(u.atendimentoId);
  const data = qc.getQueryData<TMensagensData>(key);
  if (data) qc.setQueryData<TMensagensData>(key, comStatus(data, u));
}

export function aplicarEnvio(qc: QueryClient, atendimentoId: string, clientId: string, envio: TMensagemLocal['envio'], erro?: string) {
  const key = atendimentoKeys.mensagens(atendimentoId);
  const data = qc.getQueryData<TMensagensData>(key);
  if (data) qc.setQueryData<TMensagensData>(key, comEnvio(data, clientId, envio, erro));
}

export function marcarLidaLocal(qc: QueryClient, id: string) {
  for (const [key, data] of listas(qc)) if (data) qc.setQueryData<TConversasData>(key, semNaoLidas(data, id));
  const detalhe = qc.getQueryData<TAtendimento>(atendimentoKeys.detalhe(id));
  if (detalhe) qc.setQueryData(atendimentoKeys.detalhe(id), { ...detalhe, mensagensNaoLidas: 0 });
}
