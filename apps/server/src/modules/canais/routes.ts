import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type TCanal, type TCanalWhatsApp, ZCanal, ZCanalWhatsApp, ZCanalWidgetInput } from '@balcao/shared/canais';
import type { AppContext } from '../../context';
import type { WidgetCanalRow } from '../../db/schema/atendimentos';
import { publicOrigin } from '../../lib/public-origin';
import { requireUser } from '../../lib/session';
import { closeCanalSockets } from './notify';
import { authorize } from './policy';
import { presentCanal } from './presenter';
import { createWidgetCanal, getCanal, listCanais, removeCanal, rotateSecret } from './service';
import { BadRequest } from '../../lib/errors';

/** A channel whose settings are not edited here (WhatsApp Web is paired and unpaired in Integrações). */
const CANAL_SEM_CONFIGURACAO = 'Este canal não tem configurações para editar aqui.';
const ZId = z.object({ id: z.uuid({ error: 'Canal não encontrado.' }) });

/** Website chat channels, managed by admin and master in Configurações. */
export const canaisRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, cipher } = ctx;
  const admin = (req: FastifyRequest) => authorize(requireUser(req), 'gerir');
  const present = (row: WidgetCanalRow) => presentCanal(row, publicOrigin(ctx), cipher.decrypt(row.segredoCifrado));

  app.get('/api/canais', { schema: { response: { 200: z.array(ZCanal) } } }, async (req) => {
    const user = admin(req);
    // The website chat channels (the WhatsApp numbers have their own list, GET /api/canais/whatsapp).
    return (await listCanais(db, user.accountId)).filter((c): c is WidgetCanalRow => c.tipo === 'widget').map(present);
  });
  app.post('/api/canais/widget', { schema: { body: ZCanalWidgetInput, response: { 201: ZCanal } } }, async (req, reply) => {
    const user = admin(req);
    return reply.code(201).send(present(await createWidgetCanal(db, cipher, user.accountId, req.body)));
  });
  // Any kind of channel: its driver's schema reads the body, its driver updates and presents it.
  app.put(
    '/api/canais/:id',
    { schema: { params: ZId, body: z.record(z.string(), z.unknown()), response: { 200: z.union([ZCanal, ZCanalWhatsApp]) } } },
    async (req) => {
      const user = admin(req);
      const stored = await getCanal(db, user.accountId, req.params.id);
      const settings = ctx.channels?.get(stored.tipo)?.settings;
      if (!settings) throw new BadRequest(CANAL_SEM_CONFIGURACAO);
      const parsed = settings.schema.safeParse(req.body);
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const i of parsed.error.issues) {
          const field = i.path.join('.') || '_';
          errors[field] = [...(errors[field] ?? []), i.message];
        }
        throw new BadRequest(parsed.error.issues[0]?.message ?? 'Dados inválidos.', errors);
      }
      return (await settings.update(user.accountId, stored, req.body)) as TCanal | TCanalWhatsApp;
    },
  );
  app.post('/api/canais/:id/segredo', { schema: { params: ZId, response: { 200: ZCanal } } }, async (req) => {
    const user = admin(req);
    return present(await rotateSecret(db, cipher, user.accountId, req.params.id));
  });
  app.delete('/api/canais/:id', { schema: { params: ZId } }, async (req, reply) => {
    const user = admin(req);
    const canal = await getCanal(db, user.accountId, req.params.id);
    await ctx.channels?.get(canal.tipo)?.remove?.(canal.id);
    await removeCanal(db, user.accountId, canal.id);
    closeCanalSockets(ctx.io, req.params.id);
    return reply.code(204).send();
  });
};
