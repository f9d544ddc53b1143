import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEPARTAMENTOS_TEXTS, ZDepartamento, ZDepartamentoInput } from '@balcao/shared/departamentos';
import { ZMessageAnswer } from '@balcao/shared/auth';
import type { AppContext } from '../../context';
import { requireUser } from '../../lib/session';
import { authorize } from './policy';
import { createDepartamento, deleteDepartamento, listDepartamentos, updateDepartamento } from './service';

const ZIdParams = z.object({ id: z.string() });

/**
 * The account's departments. Reading is for every staff user (queue filters, transfers, channel settings);
 * creating, renaming, managing members and deleting are for admin and master.
 */
export const departamentosRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/departamentos', { schema: { response: { 200: z.array(ZDepartamento) } } }, async (req) => {
    const user = requireUser(req);
    return listDepartamentos(ctx.db, user.accountId);
  });

  app.post('/api/departamentos', { schema: { body: ZDepartamentoInput, response: { 201: ZDepartamento } } }, async (req, reply) => {
    const user = authorize(requireUser(req), 'gerir');
    const row = await createDepartamento(ctx, user.accountId, req.body);
    const all = await listDepartamentos(ctx.db, user.accountId);
    return reply.code(201).send(all.find((d) => d.id === row.id)!);
  });

  app.put(
    '/api/departamentos/:id',
    { schema: { params: ZIdParams, body: ZDepartamentoInput, response: { 200: ZDepartamento } } },
    async (req) => {
      const user = authorize(requireUser(req), 'gerir');
      await updateDepartamento(ctx, user.accountId, req.params.id, req.body);
      const all = await listDepartamentos(ctx.db, user.accountId);
      return all.find((d) => d.id === req.params.id)!;
    },
  );

  app.delete('/api/departamentos/:id', { schema: { params: ZIdParams, response: { 200: ZMessageAnswer } } }, async (req) => {
    const user = authorize(requireUser(req), 'gerir');
    await deleteDepartamento(ctx, user.accountId, req.params.id);
    return { message: DEPARTAMENTOS_TEXTS.excluido };
  });
};
