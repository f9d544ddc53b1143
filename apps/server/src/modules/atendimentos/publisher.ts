import type { TAtendimento, TMensagem } from '@balcao/shared/atendimentos';
import type { TStatusUpdate } from '@balcao/shared/atendimentos/realtime';
import type { InboundResult } from './inbound';

/**
 * How changes reach the customer, whatever the channel (channels/driver.ts: the registry of drivers
 * implements it). The publisher hands it what the customer should see; each driver decides how.
 */
export interface CustomerDelivery {
  deliver(accountId: string, row: TAtendimento, msgs: TMensagem[]): void;
  state(row: TAtendimento, avaliacaoUrl: string | null): void;
  typing(row: TAtendimento, atendenteNome: string, digitando: boolean): void;
}
/** What decides who hears of a row (realtime/atendimento-events.ts: supervisors, its holder, its queue). */
export type TAudiencia = Pick<TAtendimento, 'atendenteId' | 'status' | 'departamentoId'>;

export const nobodyToDeliver: CustomerDelivery = { deliver() {}, state() {}, typing() {} };

/** What the atendimento services' changes are told through (realtime/atendimento-events.ts implements it over Socket.IO). */
export interface AtendimentoPublisher {
  /** A row changed; `before` lets those who no longer see it (after a transfer) drop it. */
  row(accountId: string, row: TAtendimento, before?: TAtendimento): void;
  messages(
    accountId: string,
    row: TAtendimento,
    msgs: TMensagem[],
    masterId: string | null,
    opts: { toVisitor: boolean; toStaff?: boolean },
  ): void;
  status(accountId: string, row: TAudiencia, update: TStatusUpdate): void;
  presence(accountId: string, row: TAtendimento, digitando: boolean, online: boolean): void;
  /** The visitor's status line: waiting, with whom, finished (and where to rate). */
  visitorState(row: TAtendimento, avaliacaoUrl: string | null): void;
  agentTyping(row: TAtendimento, atendenteNome: string, digitando: boolean): void;
}

/** Tells nobody: the app before Socket.IO is attached (and tests without sockets). */
export const silentPublisher: AtendimentoPublisher = {
  row() {},
  messages() {},
  status() {},
  presence() {},
  visitorState() {},
  agentTyping() {},
};

type Change = { row: TAtendimento; before: TAtendimento; mensagens: TMensagem[]; masterId: string | null };

/** One change, told to everyone: the row to its old and new audience, the notices, the visitor's status line. */
export function broadcastChange(events: AtendimentoPublisher, accountId: string, r: Change, avaliacaoUrl: string | null) {
  events.messages(accountId, r.row, r.mensagens, r.masterId, { toVisitor: true });
  events.row(accountId, r.row, r.before);
  events.visitorState(r.row, avaliacaoUrl);
}

/**
 * What storing a new message answers (receiveFromCliente, sendFromAtendente); `opened`: its conversation opened
 * with it. Not service.ts's NewMessage (a message to store).
 */
type Stored = Pick<InboundResult, 'row' | 'mensagens' | 'masterId' | 'duplicate'> & { opened?: boolean };

/**
 * A new message, a customer's or an attendant's, told to the staff who see its conversation and, with
 * `toVisitor`, to the visitor (an answer) or the visitor's other tabs (their own message). The message event
 * carries what its row becomes (preview, time, unread count: the web app applies it, spec part 2 §4), so the
 * row itself goes only with a conversation just opened: sent with every message, it doubled each attendant's
 * events and their tail latency (docs/desempenho.md). A resend already told is told nothing.
 */
export function broadcastNewMessage(events: AtendimentoPublisher, accountId: string, r: Stored, opts: { toVisitor: boolean }) {
  if (r.duplicate) return;
  events.messages(accountId, r.row, r.mensagens, r.masterId, opts);
  if (r.opened) events.row(accountId, r.row);
}
