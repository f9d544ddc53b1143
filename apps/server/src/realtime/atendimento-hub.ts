import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server } from 'socket.io';
import { ZEnviarMensagem, type TSendAck } from '@balcao/shared/atendimentos';
import { ATENDIMENTO_NAMESPACE, type AtendimentoClientEvents, type AtendimentoServerEvents } from '@balcao/shared/atendimentos/realtime';
import type { AppContext } from '../context';
import { AppError } from '../lib/errors';
import { listAtendentes } from '../modules/atendimentos/atendentes';
import { isSupervisor, requireStaff, type TStaff } from '../modules/atendimentos/policy';
import { findAtendimento } from '../modules/atendimentos/queries';
import { presentAtendimento } from '../modules/atendimentos/presenter';
import { sendFromAtendente } from '../modules/atendimentos/service';
import { AtendimentoEvents, staffRooms } from './atendimento-events';
import { rooms } from './server';

type StaffNamespace = Namespace<AtendimentoClientEvents, AtendimentoServerEvents, Record<string, never>, { staff: TStaff }>;

/** The customer-chat hub for staff: handshake with the JWT, rooms by visibility, SendMessage with ack. */
export function registerAtendimentoHub(io: Server, ctx: AppContext, log: FastifyBaseLogger) {
  const nsp = io.of(ATENDIMENTO_NAMESPACE) as unknown as StaffNamespace;
  const events = new AtendimentoEvents(io);

  nsp.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string') throw new Error('sem token');
      const staff = await requireStaff(ctx.db, await ctx.tokens.verify(token));
      socket.data.staff = staff;
      const joined = [rooms.account(staff.accountId), staffRooms.user(staff.id)];
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

  const pushPresence = async (accountId: string) => {
    nsp.to(rooms.account(accountId)).emit('ChatListPresence', await listAtendentes(ctx.db, accountId));
  };

  nsp.on('connection', (socket) => {
    const staff = socket.data.staff;
    void pushPresence(staff.accountId).catch((err) => log.warn({ err }, 'presença'));
    socket.on('disconnect', () => void pushPresence(staff.accountId).catch(() => undefined));

    const send = async (json: string, ack: (r: TSendAck) => void) => {
      if (typeof ack !== 'function') return;
      try {
        const parsed = ZEnviarMensagem.safeParse(typeof json === 'string' ? JSON.parse(json) : json);
        if (!parsed.success) return ack({ ok: false, message: parsed.error.issues[0]?.message ?? 'Mensagem inválida.' });
        const r = await sendFromAtendente(ctx.db, staff, parsed.data);
        // Persisted before the ack; a resend (same clientId) is acknowledged without a second broadcast.
        ack({ ok: true, mensagem: r.mensagens[0]! });
        if (!r.duplicate) {
          events.messages(staff.accountId, r.row, r.mensagens, r.masterId, { toVisitor: true });
          events.row(staff.accountId, r.row);
        }
      } catch (err) {
        if (!(err instanceof AppError)) log.error({ err }, 'SendMessage');
        ack({ ok: false, message: err instanceof AppError ? err.message : 'Não foi possível enviar a mensagem.' });
      }
    };
    socket.on('SendMessage', send);
    socket.on('SendWidgetMessage', send);

    socket.on('Digitando', async (p) => {
      if (!p || typeof p.atendimentoId !== 'string') return;
      const joined = await findAtendimento(ctx.db, staff.accountId, p.atendimentoId).catch(() => null);
      if (joined && joined.a.atendenteId === staff.id) events.agentTyping(presentAtendimento(joined), staff.nome, Boolean(p.digitando));
    });
  });
  return nsp;
}
