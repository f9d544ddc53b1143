import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZConfigPublica } from '@balcao/shared/config-publica';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema/accounts';

/**
 * GET /backend/api/public/config: settings the web reads at start, signed in or not. The analytics answer is
 * the operator's (POSTHOG_KEY), unless the caller's account turned it off in Configurações.
 */
export const configPublicaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/public/config', { schema: { response: { 200: ZConfigPublica } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      telemetria: (await telemetriaDe(ctx, req.sessionUser?.accountId)) ?? null,
      push: ctx.vapid ? { vapidPublicKey: ctx.vapid.publicKey } : null,
    };
  });
};

async function telemetriaDe(ctx: AppContext, accountId: string | undefined) {
  if (!ctx.telemetria || !accountId) return ctx.telemetria;
  const [row] = await ctx.db.select({ on: accounts.telemetria }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row?.on === false ? null : ctx.telemetria;
}
