import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZWhiteLabelPublico } from '@balcao/shared/white-label';
import type { AppContext } from '../../context';
import { NotFound } from '../../lib/errors';
import { presentPublico, whiteLabelById } from './service';

const ZId = z.object({ id: z.string().max(63) });

/** What the login page and the menu read of a white label before anyone signs in: name, colour, logo. */
export const whiteLabelPublicRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/api/public/white-labels/:id', { schema: { params: ZId, response: { 200: ZWhiteLabelPublico } } }, async (req) => {
    const w = await whiteLabelById(ctx.db, req.params.id);
    if (!w) throw new NotFound('White label não encontrado.');
    return presentPublico(w);
  });

  // The file itself is served by the uploads route (disk or bucket, ranges, validators): this names it.
  app.get('/api/public/white-labels/:id/logo', { schema: { params: ZId } }, async (req, reply) => {
    const w = await whiteLabelById(ctx.db, req.params.id);
    if (!w?.logoUrl) throw new NotFound('Logotipo não encontrado.');
    return reply.header('cache-control', 'public, max-age=300').redirect(w.logoUrl, 302);
  });
};
