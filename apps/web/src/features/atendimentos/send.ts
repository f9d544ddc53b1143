import type { QueryClient } from '@tanstack/react-query';
import {
  type TAtendimento,
  type TEnviarMensagem,
  type TMidia,
  type TModeloEscolhido,
  type TTipoMensagem,
  ZMensagem,
} from '@balcao/shared/atendimentos';
import { request } from '@/lib/http';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { applyEnvio, applyMensagem, applyPreview } from './cache-sync';
import type { TCitacao } from './context/chat-context';
import type { TMensagemLocal } from './message-cache';
import { customerChat } from './realtime/customer-chat';
import { trackMessage } from '@/features/analytics/analytics';

export type TNovaMensagem = {
  tipo: TTipoMensagem;
  conteudo: string;
  midia?: TMidia | null;
  citacao?: TCitacao | null;
  reagindoA?: string | null;
  /** An approved template (the text above is its body filled in, as the conversation shows it). */
  modelo?: TModeloEscolhido | null;
};
type TUser = Pick<TCurrentUser, 'id' | 'nome' | 'role' | 'departamentoId'>;

/** Which atendimento each queued clientId belongs to, so an ack can find its optimistic line. */
const pendentes = new Map<string, string>();
export const atendimentoDoEnvio = (clientId: string) => pendentes.get(clientId);
export const forgetEnvio = (clientId: string) => pendentes.delete(clientId);

/** The wire message (TEnviarMensagem) for a new line; the clientId makes every resend store once. */
function paraEnvio(atendimentoId: string, clientId: string, n: TNovaMensagem): TEnviarMensagem {
  return {
    clientId,
    atendimentoId,
    tipo: n.tipo,
    conteudo: n.conteudo,
    midia: n.midia ?? null,
    respondendoA: n.citacao?.id ?? null,
    reagindoA: n.reagindoA ?? null,
    ...(n.modelo ? { modelo: n.modelo } : {}),
  };
}

/** The line shown at once, with a pending clock, until the ack replaces it. */
function mensagemOtimista(
  e: TEnviarMensagem,
  user: Pick<TUser, 'id' | 'nome'>,
  citacao: TCitacao | null | undefined,
  agora: Date,
): TMensagemLocal {
  return {
    id: e.clientId,
    atendimentoId: e.atendimentoId,
    clientId: e.clientId,
    autor: 'atendente',
    atendenteId: user.id,
    atendenteNome: user.nome,
    tipo: e.tipo,
    conteudo: e.conteudo,
    midia: e.midia ?? null,
    localizacao: null,
    reagindoA: e.reagindoA ?? null,
    respondendoA: citacao ? { id: citacao.id, autor: citacao.autor, tipo: citacao.tipo, conteudo: citacao.conteudo } : null,
    // Not sent yet: a status event that overtakes the ack moves it forward, the ack never back (message-cache).
    status: 'pending',
    editada: false,
    apagada: false,
    criadaEm: agora.toISOString(),
    envio: 'pendente',
    ...(e.modelo ? { modelo: e.modelo } : {}),
  };
}

/** Optimistic send through the origin's queue (spec part 2 §4). */
export function sendMensagem(qc: QueryClient, atendimento: TAtendimento, user: TUser, n: TNovaMensagem) {
  const e = paraEnvio(atendimento.atendimentoId, crypto.randomUUID(), n);
  const local = mensagemOtimista(e, user, n.citacao, new Date());
  applyMensagem(qc, local);
  applyPreview(qc, local, undefined, true, user);
  pendentes.set(e.clientId, atendimento.atendimentoId);
  customerChat.send(atendimento.origem, e);
  trackMessage('enviada', atendimento.origem, e.tipo);
}

/** 'Tentar novamente' on a refused line: same clientId, so the server stores it once at most. */
export function resendMensagem(qc: QueryClient, atendimento: TAtendimento, m: TMensagemLocal) {
  if (!m.clientId) return;
  const e: TEnviarMensagem = {
    clientId: m.clientId,
    atendimentoId: m.atendimentoId,
    tipo: m.tipo,
    conteudo: m.conteudo,
    midia: m.midia,
    respondendoA: m.respondendoA?.id ?? null,
    reagindoA: m.reagindoA,
    ...(m.modelo ? { modelo: m.modelo } : {}),
  };
  applyEnvio(qc, m.atendimentoId, m.clientId, 'pendente');
  pendentes.set(m.clientId, m.atendimentoId);
  customerChat.send(atendimento.origem, e);
}

/**
 * 'Reenviar' on a send the provider refused (WhatsApp status failed): the server puts the same message back in
 * the channel's queue (POST .../reenviar) and answers it as 'pending'.
 */
export async function resendRecusada(qc: QueryClient, m: TMensagemLocal) {
  const volta = await request('POST', `/api/atendimento/${m.atendimentoId}/mensagens/${m.id}/reenviar`, ZMensagem);
  applyMensagem(qc, volta, true);
}

/**
 * 'Editar' (the new text) or 'Apagar para todos' (null) of one's own sent message, on a channel with edits: the
 * server stores it at once and answers the changed message (WhatsApp is told by the channel's queue).
 */
export async function editMensagem(qc: QueryClient, m: TMensagemLocal, conteudo: string | null) {
  const url = `/api/atendimento/${m.atendimentoId}/mensagens/${m.id}`;
  const volta = conteudo === null ? await request('DELETE', url, ZMensagem) : await request('PUT', url, ZMensagem, { conteudo });
  applyMensagem(qc, volta);
}

/** The message menu exists on the attendant's own text or media already taken by the provider, where the channel has edits. */
export const canEdit = (m: TMensagemLocal, meuId: string, edicoes: boolean) =>
  edicoes &&
  m.autor === 'atendente' &&
  m.atendenteId === meuId &&
  m.tipo !== 'reaction' &&
  !m.apagada &&
  !m.envio &&
  m.status !== 'pending' &&
  m.status !== 'failed';
