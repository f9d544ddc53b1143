import type { TAtendimento, TMensagem } from '@balcao/shared/atendimentos';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, Publishers } from '../../context';
import { inBackground } from '../../lib/background';
import type { AtendimentoPublisher } from '../atendimentos/publisher';
import { Notificador, type TEventoAtendimento } from './notificador';
import { webPushSender } from './web-push';

/** A customer's message in a row: a new conversation waiting in a queue, or a new line for its holder. */
function porMensagens(row: TAtendimento, msgs: TMensagem[]): TEventoAtendimento | null {
  const doCliente = msgs.filter((m) => m.autor === 'cliente');
  if (doCliente.length === 0 || row.status === 'finalizado') return null;
  const texto = doCliente.at(-1)!.conteudo;
  if (row.atendenteId) return { evento: 'mensagem', row, para: row.atendenteId, texto };
  return row.status === 'aguardando' ? { evento: 'novaConversa', row, texto } : null;
}

/**
 * A conversation in progress changed hands: to a user (told alone) or back to a department's queue (told to
 * those who can take it). Accepting from the queue is not a transfer; whoever had it made the change.
 */
function porTroca(row: TAtendimento, before: TAtendimento | undefined): TEventoAtendimento | null {
  if (before?.status !== 'em_atendimento' || row.atendenteId === before.atendenteId) return null;
  if (row.status === 'em_atendimento' && row.atendenteId)
    return { evento: 'transferencia', row, para: row.atendenteId, exceto: before.atendenteId, texto: null };
  return row.status === 'aguardando' ? { evento: 'transferencia', row, exceto: before.atendenteId, texto: null } : null;
}

/**
 * The same publishers, with Web Push told of what matters to someone not looking: every change already goes
 * through them (HTTP, sockets, webhooks, jobs), so no service has to remember to notify. The fan-out runs
 * after the change is told, never holding it up.
 */
function withPush(p: Publishers, notificador: Notificador, log: () => Pick<FastifyBaseLogger, 'error'>): Publishers {
  const inner = p.atendimentos;
  const push = (accountId: string, e: TEventoAtendimento | null) => {
    if (e) inBackground(log(), 'notificação push', () => notificador.atendimento(accountId, e));
  };
  const atendimentos: AtendimentoPublisher = {
    row(accountId, row, before) {
      inner.row(accountId, row, before);
      push(accountId, porTroca(row, before));
    },
    messages(accountId, row, msgs, masterId, opts) {
      inner.messages(accountId, row, msgs, masterId, opts);
      push(accountId, porMensagens(row, msgs));
    },
    status: (...a) => inner.status(...a),
    presence: (...a) => inner.presence(...a),
    visitorState: (...a) => inner.visitorState(...a),
    agentTyping: (...a) => inner.agentTyping(...a),
  };
  // Every other publisher (the tracker's, …) passes through untouched.
  return {
    ...p,
    atendimentos,
    chatInterno(change, exceptSocketId) {
      p.chatInterno(change, exceptSocketId);
      if (change.mensagens.length > 0) inBackground(log(), 'notificação push', () => notificador.chat(change));
    },
  };
}

/** The context's publishers with Web Push when it has VAPID keys (server.ts, the test harness). */
export function publishersWithPush(ctx: AppContext, p: Publishers, log: () => FastifyBaseLogger): Publishers {
  if (!ctx.vapid) return p;
  const send = ctx.pushSend ?? webPushSender(ctx.vapid);
  return withPush(p, new Notificador({ db: ctx.db, rates: ctx.rates, send, log }), log);
}
