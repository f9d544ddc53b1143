import type { Server } from 'socket.io';
import type { TAtendimento, TMensagem } from '@balcao/shared/atendimentos';
import { ATENDIMENTO_NAMESPACE, type AtendimentoServerEvents, type TStatusUpdate } from '@balcao/shared/atendimentos/realtime';
import { WIDGET_NAMESPACE, type WidgetServerEvents } from '@balcao/shared/widget';
import { presentRealtimeMessage, presentWidgetMessage } from '../modules/atendimentos/presenter';
import type { AtendimentoPublisher } from '../modules/atendimentos/publisher';

export const staffRooms = {
  supervisors: (accountId: string) => `supervisors:${accountId}`,
  /** Every atendente of the account: the queue of atendimentos without a department. */
  atendentes: (accountId: string) => `atendentes:${accountId}`,
  department: (id: string) => `department:${id}`,
  user: (id: string) => `user:${id}`,
};
export const visitorRoom = (clienteId: string, canalId: string) => `visitante:${clienteId}:${canalId}`;

/** Who sees a row (policy.visibleTo, in rooms): supervisors, its holder, and the queue it waits in. */
function audience(accountId: string, row: TAtendimento): string[] {
  const rooms = [staffRooms.supervisors(accountId)];
  if (row.atendenteId) rooms.push(staffRooms.user(row.atendenteId));
  if (row.status === 'aguardando')
    rooms.push(row.departamentoId ? staffRooms.department(row.departamentoId) : staffRooms.atendentes(accountId));
  return rooms;
}

/** Pushes atendimento changes to the staff who should see them and to the customer's widget. */
export class AtendimentoEvents implements AtendimentoPublisher {
  constructor(private readonly io: Server | undefined) {}

  private staff() {
    return this.io?.of(ATENDIMENTO_NAMESPACE) as unknown as
      | {
          to: (r: string[]) => {
            emit: <E extends keyof AtendimentoServerEvents>(e: E, ...a: Parameters<AtendimentoServerEvents[E]>) => void;
          };
        }
      | undefined;
  }
  private widget() {
    return this.io?.of(WIDGET_NAMESPACE) as unknown as
      | { to: (r: string) => { emit: <E extends keyof WidgetServerEvents>(e: E, ...a: Parameters<WidgetServerEvents[E]>) => void } }
      | undefined;
  }

  /** A row changed; `before` lets those who no longer see it (after a transfer) drop it. */
  row(accountId: string, row: TAtendimento, before?: TAtendimento) {
    const rooms = new Set(audience(accountId, row));
    if (before) for (const r of audience(accountId, before)) rooms.add(r);
    this.staff()
      ?.to([...rooms])
      .emit('ChatListAtendimento', row);
  }

  messages(
    accountId: string,
    row: TAtendimento,
    msgs: TMensagem[],
    masterId: string | null,
    opts: { toVisitor: boolean; toStaff?: boolean },
  ) {
    for (const msg of msgs) {
      if (opts.toStaff !== false)
        this.staff()
          ?.to(audience(accountId, row))
          .emit('ClientReceiveMessage', presentRealtimeMessage(msg, row, masterId));
      if (opts.toVisitor && row.origem !== 'whatsapp')
        this.widget()?.to(visitorRoom(row.clienteId, row.canalId)).emit('Mensagem', presentWidgetMessage(msg));
    }
  }

  status(accountId: string, row: TAtendimento, update: TStatusUpdate) {
    this.staff()?.to(audience(accountId, row)).emit('ReceiveMessageStatusUpdate', update);
  }

  presence(accountId: string, row: TAtendimento, digitando: boolean, online: boolean) {
    this.staff()?.to(audience(accountId, row)).emit('ChatPresence', { atendimentoId: row.atendimentoId, digitando, online });
  }

  /** The visitor's status line: waiting, with whom, finished (and where to rate). */
  visitorState(row: TAtendimento, avaliacaoUrl: string | null) {
    if (row.origem === 'whatsapp') return;
    this.widget()
      ?.to(visitorRoom(row.clienteId, row.canalId))
      .emit('AtendimentoAtualizado', { status: row.status, atendenteNome: row.atendenteNome, avaliacaoUrl });
  }

  agentTyping(row: TAtendimento, atendenteNome: string, digitando: boolean) {
    if (row.origem === 'whatsapp') return;
    this.widget()?.to(visitorRoom(row.clienteId, row.canalId)).emit('Digitando', { atendenteNome, digitando });
  }
}
