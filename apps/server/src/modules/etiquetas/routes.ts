import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAtendimento } from '@balcao/shared/atendimentos';
import { ZMessageAnswer } from '@balcao/shared/auth';
import { ETIQUETAS_TEXTS as T, ZEtiqueta, ZEtiquetaInput, ZEtiquetasDoAtendimento } from '@balcao/shared/etiquetas';
import { atendimentoEvents, type AppContext } from '../../context';
import { requireUser } from '../../lib/session';
import { requireStaff } from '../atendimentos/policy';
import { authorize } from './policy';
import { createEtiqueta, deleteEtiqueta, listEtiquetas, setEtiquetas, updateEtiqueta } from './service';

const ZId = z.object({ id: z.uuid({ error: T.naoEncontrada }) });
const ZAtendimentoId = z.object({ id: z.uuid({ error: 'Atendimento não encontrado.' }) });

/** The account's labels (every staff user reads them; admin and master manage them) and a conversation's labels. */
export const etiquetasRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get('/api/etiquetas', { schema: { response: { 200: z.array(ZEtiqueta) } } }, async (req) =>
    listEtiquetas(db, requireUser(req).accountId),
  );

  app.post('/api/etiquetas', { schema: { body: ZEtiquetaInput, response: { 201: ZEtiqueta } } }, async (req, reply) => {
    const user = authorize(requireUser(req), 'gerir');
    return reply.code(201).send(await createEtiqueta(db, user.accountId, req.body));
  });

  app.put('/api/etiquetas/:id', { schema: { params: ZId, body: ZEtiquetaInput, response: { 200: ZEtiqueta } } }, async (req) =>
    updateEtiqueta(db, authorize(requireUser(req), 'gerir').accountId, req.params.id, req.body),
  );

  app.delete('/api/etiquetas/:id', { schema: { params: ZId, response: { 200: ZMessageAnswer } } }, async (req) => {
    await deleteEtiqueta(db, authorize(requireUser(req), 'gerir').accountId, req.params.id);
    return { message: T.excluida };
  });

  app.put(
    '/api/atendimento/:id/etiquetas',
    { schema: { params: ZAtendimentoId, body: ZEtiquetasDoAtendimento, response: { 200: ZAtendimento } } },
    async (req) => {
      const staff = await requireStaff(db, requireUser(req));
      const { before, row } = await setEtiquetas(db, staff, req.params.id, req.body.etiquetaIds);
      atendimentoEvents(ctx).row(staff.accountId, row, before);
      return row;
    },
  );
};
