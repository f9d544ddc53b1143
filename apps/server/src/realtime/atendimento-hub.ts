import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server } from 'socket.io';
import { ZEnviarMensagem, type TSendAck } from '@balcao/shared/atendimentos';
import { ATENDIMENTO_NAMESPACE, type AtendimentoClientEvents, type AtendimentoServerEvents } from '@balcao/shared/atendimentos/realtime';
import { atendimentoEvents, type AppContext } from '../context';
import { rooms } from '../lib/rooms';
import { listAtendentes } from '../modules/atendimentos/atendentes';
import { can, requireStaff, type TStaff } from '../modules/atendimentos/policy';
import { findAtendimento } from '../modules/atendimentos/queries';
import { presentAtendimento } from '../modules/atendimentos/presenter';
import { broadcastNewMessage } from '../modules/atendimentos/publisher';
import { sendFromAtendente } from '../modules/atendimentos/resposta';
import { invalidAck, refusalAck } from './ack';
import { typedNamespace } from './namespace';
import { useStaffAuth } from './server';

/** How long presence changes gather before the attendants' list is pushed. */
const PRESENCE_PUSH_DELAY_MS = 1000;

type StaffNamespace = Namespace<AtendimentoClientEvents, AtendimentoServerEvents, Record<string, never>, { user: TStaff }>;

/** The customer-chat hub for staff: handshake with the JWT, rooms by visibility, SendMessage with ack. */
export function registerAtendimentoHub(io: Server, ctx: AppContext, log: FastifyBaseLogger) {
  const nsp = typedNamespace<StaffNamespace>(io, ATENDIMENTO_NAMESPACE);

  // The staff handshake, with this hub's view of the user: who they are as an attendant and which queues they hear.
  useStaffAuth(io, ATENDIMENTO_NAMESPACE, ctx, async (user) => {
    const staff = await requireStaff(ctx.db, user);
    const own = can(staff, 'verTodos')
      ? [rooms.supervisors(staff.accountId)]
      : [rooms.atendentes(staff.accountId), ...(staff.departamentoId ? [rooms.department(staff.departamentoId)] : [])];
    return { user: staff, rooms: own };
  });

  // Connections come in waves (a shift starting, a reconnect after a deploy): one list per account per
  // second, not one per socket to every socket.
  const pending = new Map<string, NodeJS.Timeout>();
  const pushPresence = (accountId: string) => {
    if (pending.has(accountId)) return;
    pending.set(
      accountId,
      setTimeout(() => {
        pending.delete(accountId);
        listAtendentes(ctx.db, accountId)
          .then((list) => nsp.to(rooms.account(accountId)).emit('ChatListPresence', list))
          .catch((err) => log.warn({ err }, 'presença'));
      }, PRESENCE_PUSH_DELAY_MS).unref(),
    );
  };

  nsp.on('connection', (socket) => {
    const staff = socket.data.user;
    pushPresence(staff.accountId);
    socket.on('disconnect', () => pushPresence(staff.accountId));

    const send = async (json: string, ack: (r: TSendAck) => void) => {
      if (typeof ack !== 'function') return;
      try {
        const parsed = ZEnviarMensagem.safeParse(typeof json === 'string' ? JSON.parse(json) : json);
        if (!parsed.success) return ack(invalidAck(parsed.error.issues[0]?.message ?? 'Mensagem inválida.'));
        const r = await sendFromAtendente(ctx.db, staff, parsed.data);
        // Persisted before the ack; a resend (same clientId) is acknowledged without a second broadcast.
        ack({ ok: true, mensagem: r.mensagens[0]! });
        broadcastNewMessage(atendimentoEvents(ctx), staff.accountId, r, { toVisitor: true });
      } catch (err) {
        ack(refusalAck(err, 'Não foi possível enviar a mensagem.', log, 'SendMessage'));
      }
    };
    socket.on('SendMessage', send);
    socket.on('SendWidgetMessage', send);

    socket.on('Digitando', async (p) => {
      if (!p || typeof p.atendimentoId !== 'string') return;
      const joined = await findAtendimento(ctx.db, staff.accountId, p.atendimentoId).catch(() => null);
      if (joined && joined.a.atendenteId === staff.id)
        atendimentoEvents(ctx).agentTyping(presentAtendimento(joined), staff.nome, Boolean(p.digitando));
    });
  });
  return nsp;
}
