import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCanUseFeatures, ZLicencaStatus } from '@balcao/shared/licenca';
import type { AppContext } from '../../context';
import { requireUser } from '../../lib/session';
import { licencaStatus } from './service';

/** Spec part 1 §7: the licence status every signed-in user's layout reads (any role). */
export const licencaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/Licenca/status', { schema: { response: { 200: ZLicencaStatus } } }, async (req) => licencaStatus(ctx.db, requireUser(req)));

  app.get('/Licenca/canUseFeatures', { schema: { response: { 200: ZCanUseFeatures } } }, async (req) => {
    const s = await licencaStatus(ctx.db, requireUser(req));
    return { canUseFeatures: s.canUseFeatures, hasActiveLicense: s.hasActiveLicense };
  });
};
