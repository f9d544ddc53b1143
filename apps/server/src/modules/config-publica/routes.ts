import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPushConfig } from '@balcao/shared/notificacoes';
import type { AppContext } from '../../context';

const ZConfigPublica = z.object({ push: ZPushConfig.nullable() });

/** What the web app reads before anyone signs in; each feature adds its own key. No secret ever goes here. */
export const configPublicaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/public/config', { schema: { response: { 200: ZConfigPublica } } }, async () => ({
    push: ctx.vapid ? { vapidPublicKey: ctx.vapid.publicKey } : null,
  }));
};
