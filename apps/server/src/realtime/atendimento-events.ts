import type { Server } from 'socket.io';
import type { TAtendimento, TMensagem } from '@balcao/shared/atendimentos';
import { ATENDIMENTO_NAMESPACE, type AtendimentoServerEvents, type TStatusUpdate } from '@balcao/shared/atendimentos/realtime';
import { presentRealtimeMessage } from '../modules/atendimentos/presenter';
import { nobodyToDeliver, type AtendimentoPublisher, type CustomerDelivery, type TAudiencia } from '../modules/atendimentos/publisher';
import { rooms } from '../lib/rooms';
import { typedNamespace } from './namespace';

/** Who sees a row (policy.visibleTo, in rooms): supervisors, its holder, and the queue it waits in. */
function audience(accountId: string, row: TAudiencia): string[] {
  const to = [rooms.supervisors(accountId)];
  if (row.atendenteId) to.push(rooms.user(row.atendenteId));
  if (row.status === 'aguardando') to.push(row.departamentoId ? rooms.department(row.departamentoId) : rooms.atendentes(accountId));
  return to;
}

type StaffEmitter = {
  to: (r: string[]) => { emit: <E extends keyof AtendimentoServerEvents>(e: E, ...a: Parameters<AtendimentoServerEvents[E]>) => void };
};

/**
 * The one publisher of atendimento changes: staff who should see them get them over Socket.IO (when the
 * socket server is attached: `io` is read at each call), and the customer through the channel's driver
 * (`customers`, the registry of channels/driver.ts), socket or not: webhooks and jobs publish the same way.
 */
export class AtendimentoEvents implements AtendimentoPublisher {
  private readonly io: () => Server | undefined;
  constructor(
    io: Server | undefined | (() => Server | undefined),
    private readonly customers: CustomerDelivery = nobodyToDeliver,
  ) {
    this.io = typeof io === 'function' ? io : () => io;
  }

  private staff() {
    const io = this.io();
    return io ? typedNamespace<StaffEmitter>(io, ATENDIMENTO_NAMESPACE) : undefined;
  }

  /** A row changed; `before` lets those who no longer see it (after a transfer) drop it. */
  row(accountId: string, row: TAtendimento, before?: TAtendimento) {
    const to = new Set(audience(accountId, row));
    if (before) for (const r of audience(accountId, before)) to.add(r);
    this.staff()
      ?.to([...to])
      .emit('ChatListAtendimento', row);
  }

  messages(
    accountId: string,
    row: TAtendimento,
    msgs: TMensagem[],
    masterId: string | null,
    opts: { toVisitor: boolean; toStaff?: boolean },
  ) {
    if (opts.toStaff !== false) {
      const staff = this.staff()?.to(audience(accountId, row));
      for (const msg of msgs) staff?.emit('ClientReceiveMessage', presentRealtimeMessage(msg, row, masterId));
    }
    if (opts.toVisitor) this.customers.deliver(accountId, row, msgs);
  }

  status(accountId: string, row: TAudiencia, update: TStatusUpdate) {
    this.staff()?.to(audience(accountId, row)).emit('ReceiveMessageStatusUpdate', update);
  }

  presence(accountId: string, row: TAtendimento, digitando: boolean, online: boolean) {
    this.staff()?.to(audience(accountId, row)).emit('ChatPresence', { atendimentoId: row.atendimentoId, digitando, online });
  }

  /** The customer's status line: waiting, with whom, finished (and where to rate). */
  visitorState(row: TAtendimento, avaliacaoUrl: string | null) {
    this.customers.state(row, avaliacaoUrl);
  }

  agentTyping(row: TAtendimento, atendenteNome: string, digitando: boolean) {
    this.customers.typing(row, atendenteNome, digitando);
  }
}
