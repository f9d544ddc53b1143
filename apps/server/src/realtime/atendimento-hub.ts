import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server } from 'socket.io';
import { ZEnviarMensagem, type TSendAck } from '@balcao/shared/atendimentos';
import { ATENDIMENTO_NAMESPACE, type AtendimentoClientEvents, type AtendimentoServerEvents } from '@balcao/shared/atendimentos/realtime';
import { atendimentoEvents, type AppContext } from '../context';
import { AppError } from '../lib/errors';
import { listAtendentes } from '../modules/atendimentos/atendentes';
import { isSupervisor, requireStaff, type TStaff } from '../modules/atendimentos/policy';
import { findAtendimento } from '../modules/atendimentos/queries';
import { presentAtendimento } from '../modules/atendimentos/presenter';
import { sendFromAtendente } from '../modules/atendimentos/service';
import { authenticate, guardSocketEvents, sessionRooms } from '../modules/auth/sessions';
import { staffRooms } from './atendimento-events';
import { rooms } from './server';

/** How long presence changes gather before the attendants' list is pushed. */
const PRESENCE_PUSH_DELAY_MS = 1000;

type StaffNamespace = Namespace<AtendimentoClientEvents, AtendimentoServerEvents, Record<string, never>, { staff: TStaff }>;

/** The customer-chat hub for staff: handshake with the JWT, rooms by visibility, SendMessage with ack. */
export function registerAtendimentoHub(io: Server, ctx: AppContext, log: FastifyBaseLogger) {
  const nsp = io.of(ATENDIMENTO_NAMESPACE) as unknown as StaffNamespace;

  nsp.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string') throw new Error('sem token');
      const staff = await requireStaff(ctx.db, await authenticate(ctx.db, ctx.tokens, token));
      socket.data.staff = staff;
      // Each event checks the session again; logout, a reset or a password change close it by these rooms.
      guardSocketEvents(socket, ctx.db, staff);
      const joined = [rooms.account(staff.accountId), staffRooms.user(staff.id), sessionRooms.session(staff.sid!)];
      if (isSupervisor(staff)) joined.push(staffRooms.supervisors(staff.accountId));
      else {
        joined.push(staffRooms.atendentes(staff.accountId));
        if (staff.departamentoId) joined.push(staffRooms.department(staff.departamentoId));
      }
      await socket.join(joined);
      next();
    } catch {
      next(new Error('Não autorizado'));
    }
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
    const staff = socket.data.staff;
    pushPresence(staff.accountId);
    socket.on('disconnect', () => pushPresence(staff.accountId));

    const send = async (json: string, ack: (r: TSendAck) => void) => {
      if (typeof ack !== 'function') return;
      try {
        const parsed = ZEnviarMensagem.safeParse(typeof json === 'string' ? JSON.parse(json) : json);
        if (!parsed.success) return ack({ ok: false, message: parsed.error.issues[0]?.message ?? 'Mensagem inválida.' });
        const r = await sendFromAtendente(ctx.db, staff, parsed.data);
        // Persisted before the ack; a resend (same clientId) is acknowledged without a second broadcast.
        ack({ ok: true, mensagem: r.mensagens[0]! });
        if (!r.duplicate) {
          const events = atendimentoEvents(ctx);
          events.messages(staff.accountId, r.row, r.mensagens, r.masterId, { toVisitor: true });
          events.row(staff.accountId, r.row);
        }
      } catch (err) {
        if (!(err instanceof AppError)) log.error({ err }, 'SendMessage');
        ack(
          err instanceof AppError
            ? { ok: false, message: err.message, code: err.code }
            : { ok: false, message: 'Não foi possível enviar a mensagem.' },
        );
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
