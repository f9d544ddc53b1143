import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZNotificacaoPreferencias, ZNotificacaoPreferenciasInput, ZPushInscricao } from '@balcao/shared/notificacoes';
import type { AppContext } from '../../context';
import { requireUser } from '../../lib/session';
import { authorize } from './policy';
import { getPreferencias, subscribe, unsubscribe, updatePreferencias } from './service';

/** This browser's Web Push subscription and the user's notification preferences: each user's own, any role. */
export const notificacoesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/api/notificacoes/push', { schema: { body: ZPushInscricao } }, async (req, reply) => {
    const user = authorize(requireUser(req), 'inscrever');
    await subscribe(ctx.db, user, req.body);
    return reply.code(204).send();
  });

  app.delete('/api/notificacoes/push', { schema: { body: ZPushInscricao } }, async (req, reply) => {
    const user = authorize(requireUser(req), 'inscrever');
    await unsubscribe(ctx.db, user, req.body);
    return reply.code(204).send();
  });

  app.get('/api/notificacoes/preferencias', { schema: { response: { 200: ZNotificacaoPreferencias } } }, async (req) =>
    getPreferencias(ctx.db, authorize(requireUser(req), 'inscrever')),
  );

  app.put(
    '/api/notificacoes/preferencias',
    { schema: { body: ZNotificacaoPreferenciasInput, response: { 200: ZNotificacaoPreferencias } } },
    async (req) => updatePreferencias(ctx.db, authorize(requireUser(req), 'inscrever'), req.body),
  );
};
