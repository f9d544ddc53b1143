import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { NotFound, Unauthorized } from '../../lib/errors';
import { carriesToken } from '../../lib/session';
import { scrape } from './service';

/** Prometheus' text exposition format; the schema only names it in the API reference. */
const ZExposicao = z.string().describe('Formato de texto do Prometheus (text/plain; version=0.0.4)');

/**
 * GET /backend/metrics for Prometheus: behind `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN
 * it answers 404 as if it did not exist (docs/operacao-metricas.md).
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/metrics', { schema: { response: { 200: ZExposicao } } }, async (req, reply) => {
    if (!ctx.metricsToken) throw new NotFound('Rota não encontrada.');
    if (!carriesToken(req, ctx.metricsToken)) throw new Unauthorized('Token de métricas inválido.', 'METRICS_UNAUTHORIZED');
    const { contentType, body } = await scrape(ctx);
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
};
