import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMensagem } from '@balcao/shared/atendimentos';
import { ZNotaInterna } from '@balcao/shared/etiquetas';
import { atendimentoEvents, type AppContext } from '../../context';
import { requireUser } from '../../lib/session';
import { requireStaff } from '../atendimentos/policy';
import { createNota } from './service';

const ZAtendimentoId = z.object({ id: z.uuid({ error: 'Atendimento não encontrado.' }) });

/** Private notes: staff who see a conversation leave notes in it that never reach the customer. */
export const notasRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/atendimento/:id/notas',
    { schema: { params: ZAtendimentoId, body: ZNotaInterna, response: { 200: ZMensagem, 201: ZMensagem } } },
    async (req, reply) => {
      const staff = await requireStaff(ctx.db, requireUser(req));
      const r = await createNota(ctx, staff, req.params.id, req.body);
      // Staff only: a note is never handed to the customer's channel.
      if (!r.duplicate) atendimentoEvents(ctx).messages(staff.accountId, r.row, r.mensagens, r.masterId, { toVisitor: false });
      return reply.code(r.duplicate ? 200 : 201).send(r.mensagens[0]!);
    },
  );
};
