import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Without GRAFANA_URL: one short page, server-rendered (no script), that says how to set it. */
const SEM_GRAFANA = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Grafana — Balcão</title></head>
<body><main><h1>Grafana</h1>
<p>O painel de métricas não está configurado neste servidor.</p>
<p>O operador define <code>GRAFANA_URL</code> com o endereço do seu Grafana e reinicia o Balcão; esta página passa a levar até lá.
O painel pronto e a configuração do Prometheus estão em <code>deploy/grafana/</code> e <code>deploy/prometheus/</code>.</p>
</main></body></html>`;

/** /grafana/* goes to /grafana (spec part 1 §2); /grafana goes to the operator's Grafana (GRAFANA_URL). */
export function registerGrafanaRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/grafana/*', async (_req, reply) => reply.redirect('/grafana', 302));
  app.get('/grafana', async (_req, reply) => {
    if (ctx.grafanaUrl) return reply.redirect(ctx.grafanaUrl, 302);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(SEM_GRAFANA);
  });
}
