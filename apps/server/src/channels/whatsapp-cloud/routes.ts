import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCanalWhatsApp, ZCanalWhatsAppInput, ZIntegracoes, ZTesteConexao } from '@balcao/shared/canais';
import type { AppContext } from '../../context';
import { publicOrigin } from '../../lib/public-origin';
import { requireUser } from '../../lib/session';
import { authorize } from '../../modules/canais/policy';
import { whatsappOf } from '../registry';
import { createWhatsAppCanal, getWhatsAppCanal, integracoes, listWhatsAppCanais, presentWhatsAppCanal, testConexao } from './service';

const ZId = z.object({ id: z.uuid({ error: 'Canal não encontrado.' }) });

/**
 * WhatsApp numbers in Integrações (admin and master): create, list, 'Testar conexão'; edit and delete go
 * through PUT/DELETE /api/canais/{id} like every channel. Secrets are never answered back.
 */
export const whatsappSettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, cipher } = ctx;
  const admin = (req: FastifyRequest) => {
    const user = requireUser(req);
    authorize(user, 'gerir');
    return user;
  };

  app.get('/api/canais/whatsapp', { schema: { response: { 200: z.array(ZCanalWhatsApp) } } }, async (req) => {
    const user = admin(req);
    return (await listWhatsAppCanais(db, user.accountId)).map((r) => presentWhatsAppCanal(r, publicOrigin(ctx), cipher));
  });

  app.post('/api/canais/whatsapp', { schema: { body: ZCanalWhatsAppInput, response: { 201: ZCanalWhatsApp } } }, async (req, reply) => {
    const user = admin(req);
    const row = await createWhatsAppCanal(db, cipher, user.accountId, req.body);
    // The connection state starts from a first read of the number (not awaited: Meta may be slow).
    void testConexao(db, cipher, whatsappOf(ctx).graph, row).catch((err) => req.log.warn({ err }, 'WhatsApp: teste de conexão'));
    return reply.code(201).send(presentWhatsAppCanal(row, publicOrigin(ctx), cipher));
  });

  app.post('/api/canais/:id/testar', { schema: { params: ZId, response: { 200: ZTesteConexao } } }, async (req) => {
    const user = admin(req);
    return testConexao(db, cipher, whatsappOf(ctx).graph, await getWhatsAppCanal(db, user.accountId, req.params.id));
  });

  /** Spec part 1 §7: polled every 30 s by the master's banner; any signed-in user may read it. */
  app.get('/Integracoes/get', { schema: { response: { 200: ZIntegracoes } } }, async (req) => {
    const user = requireUser(req);
    return integracoes(db, user.accountId);
  });
};
