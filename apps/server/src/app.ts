import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WEB_BUILD_HEADER } from '@balcao/shared/layout';
import type { AppContext } from './context';
import { errorHandler } from './lib/error-handler';
import {
  PRECOMPRESSED_COPIES,
  pageHeaders,
  registerApiCompression,
  registerSecurityHeaders,
  serveWidgetScript,
  webAssetHeaders,
  webBuildOf,
} from './lib/http-hygiene';
import type { AppError } from './lib/errors';
import { withRedaction } from './lib/log-redaction';
import { fastifyTrustProxy, type TrustProxy } from './lib/client-ip';
import { refuseNulInput } from './lib/input-guard';
import { bearerToken } from './lib/session';
import { UPLOADS_URL_PREFIX } from './lib/uploads';
import { registerUploadsRoute } from './lib/storage/serve';
import { WIDGET_LOG_SECRETS, widgetPublicRoutes } from './channels/widget/routes';
import { whatsappSettingsRoutes } from './channels/whatsapp-cloud/routes';
import { wapiRoutes } from './channels/whatsapp-web/routes';
import { WHATSAPP_WEBHOOK_LOG_SECRETS, whatsappWebhookRoutes } from './channels/whatsapp-cloud/webhook';
import { atendimentosRoutes } from './modules/atendimentos/routes';
import { authRoutes } from './modules/auth/routes';
import { avaliacaoRoutes } from './modules/avaliacao/routes';
import { canaisRoutes } from './modules/canais/routes';
import { clientesRoutes } from './modules/clientes/routes';
import { mensagensRapidasRoutes } from './modules/mensagens-rapidas/routes';
import { mensagensAgendadasRoutes } from './modules/mensagens-agendadas/routes';
import { autoatendimentoRoutes } from './modules/autoatendimento/routes';
import { novaConversaRoutes } from './modules/nova-conversa/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { departamentosRoutes } from './modules/departamentos/routes';
import { atendimentoAutomaticoRoutes } from './modules/atendimento-automatico/routes';
import { etiquetasRoutes } from './modules/etiquetas/routes';
import { notasRoutes } from './modules/notas/routes';
import { relatoriosRoutes } from './modules/relatorios/routes';
import { notificacoesRoutes } from './modules/notificacoes/routes';
import { configPublicaRoutes } from './modules/config-publica/routes';
import { chatInternoRoutes } from './modules/chat-interno/routes';
import { usuariosRoutes } from './modules/usuarios/routes';
import { usuariosAdminRoutes } from './modules/usuarios/admin-routes';
import { licencaRoutes } from './modules/licenca/routes';
import { licencaCobrancaRoutes, PIX_WEBHOOK_LOG_SECRETS } from './modules/licenca/cobranca-routes';
import { contaRoutes } from './modules/conta/routes';
import { consentimentoRoutes } from './modules/consentimento/routes';
import { confirmarLidPage } from './modules/consentimento/page';
import { whiteLabelPublicRoutes } from './modules/white-labels/routes';
import { whiteLabelIndex } from './modules/white-labels/index-html';
import { documentacaoRoutes } from './modules/documentacao/routes';
import { iaRoutes } from './modules/ia/routes';
import { registrarDocumentacaoPublica } from './modules/documentacao/paginas-routes';
import { registerPublicTarefaPage, trackerRoutes } from './modules/tracker/routes';
import { authenticate } from './modules/auth/sessions';
import { operatorRoutes } from './operator/routes';
import { registerApiReference, type RouteCheck } from './openapi/reference';
import { httpDuration } from './lib/metrics';
import { metricsRoutes } from './modules/metrics/routes';
import { registerGrafanaRoutes } from './modules/metrics/grafana';

const API_PREFIX = '/backend';
const ZHealth = z.object({ status: z.enum(['ok', 'erro']) });

declare module 'fastify' {
  interface FastifyRequest {
    sessionError: AppError | null;
  }
}

export type BuildOptions = {
  logger?: FastifyServerOptions['logger'];
  /** Fastify's line per request received and answered (off under a terminal: lib/terminal-log.ts). */
  requestLogging?: boolean;
  /** The built web app (apps/web/dist); served at / with an SPA fallback when present. */
  webDist?: string;
  /** Proxy hops (or their addresses) whose X-Forwarded-For is believed: env TRUST_PROXY. */
  trustProxy?: TrustProxy;
  /** The built website widget (packages/widget/dist/widget.js), served at /widget.js for any site. */
  widgetJs?: string;
  /** Checks the database for GET /backend/health. */
  ping: () => Promise<void>;
  /** More routes under /backend, given in code only (the e2e server's test doubles); no setting turns any on. */
  backendRoutes?: (api: FastifyInstance, ctx: AppContext) => Promise<void>;
};

/** Builds the HTTP app: API under /backend, uploads, and the web app at /. Listening is the caller's job. */
export async function buildApp(ctx: AppContext, opts: BuildOptions) {
  const app = Fastify({
    logger: withRedaction(opts.logger, [WHATSAPP_WEBHOOK_LOG_SECRETS, PIX_WEBHOOK_LOG_SECRETS, WIDGET_LOG_SECRETS]),
    logController: new LogController({ disableRequestLogging: opts.requestLogging === false }),
    trustProxy: fastifyTrustProxy(opts.trustProxy),
    routerOptions: { caseSensitive: false },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('preValidation', refuseNulInput);
  // Every answer timed by its route's pattern, never its URL (ids and tokens would make a series each).
  app.addHook('onResponse', (req, reply, done) => {
    // The web build's files are a route each, renamed at every build: one series for all of them.
    const url = req.routeOptions.url;
    const rota = !url ? 'nao_encontrada' : url.startsWith('/backend') || url.startsWith('/grafana') ? url : 'arquivo_estatico';
    httpDuration.observe({ rota, metodo: req.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  registerSecurityHeaders(app, { https: ctx.secureCookies, analyticsHost: ctx.telemetria?.host });
  // Public documentation pages and the help centres' custom domains, before the session is read.
  registrarDocumentacaoPublica(app, ctx);
  const webDist = opts.webDist && existsSync(path.join(opts.webDist, 'index.html')) ? path.resolve(opts.webDist) : null;
  // Every API answer names the web build served here: a tab of an earlier one offers to reload (NovaVersaoAviso).
  const webBuild = webDist ? webBuildOf(readFileSync(path.join(webDist, 'index.html'), 'utf8')) : null;
  if (webBuild)
    app.addHook('onRequest', (req, reply, done) => {
      if (req.url.startsWith('/backend/api/')) reply.header(WEB_BUILD_HEADER, webBuild);
      done();
    });
  await app.register(cookie);
  await app.register(multipart, { limits: { files: 1, fields: 10 } });

  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionError', null);
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) return;
    try {
      req.sessionUser = await authenticate(ctx.db, ctx.tokens, token);
    } catch (err) {
      req.sessionError = err as AppError;
    }
  });

  app.decorate('undocumentedRoutes', [] as RouteCheck[]);
  await app.register(
    async (api) => {
      await registerApiReference(api, API_PREFIX);
      await registerApiCompression(api);
      api.get('/health', { schema: { response: { 200: ZHealth, 503: ZHealth.extend({ message: z.string() }) } } }, async (_req, reply) => {
        try {
          await opts.ping();
          return { status: 'ok' };
        } catch {
          return reply.code(503).send({ status: 'erro', message: 'Banco de dados indisponível.' });
        }
      });
      await api.register(metricsRoutes, { ctx });
      await api.register(configPublicaRoutes, { ctx });
      await api.register(authRoutes, { ctx });
      await api.register(usuariosRoutes, { ctx });
      await api.register(usuariosAdminRoutes, { ctx });
      await api.register(licencaRoutes, { ctx });
      await api.register(licencaCobrancaRoutes, { ctx });
      await api.register(contaRoutes, { ctx });
      await api.register(chatInternoRoutes, { ctx });
      await api.register(dashboardRoutes, { ctx });
      await api.register(atendimentosRoutes, { ctx });
      await api.register(clientesRoutes, { ctx });
      await api.register(consentimentoRoutes, { ctx });
      await api.register(whiteLabelPublicRoutes, { ctx });
      await api.register(mensagensRapidasRoutes, { ctx });
      await api.register(mensagensAgendadasRoutes, { ctx });
      await api.register(autoatendimentoRoutes, { ctx });
      await api.register(novaConversaRoutes, { ctx });
      await api.register(departamentosRoutes, { ctx });
      await api.register(atendimentoAutomaticoRoutes, { ctx });
      await api.register(etiquetasRoutes, { ctx });
      await api.register(notasRoutes, { ctx });
      await api.register(relatoriosRoutes, { ctx });
      await api.register(notificacoesRoutes, { ctx });
      await api.register(canaisRoutes, { ctx });
      await api.register(avaliacaoRoutes, { ctx });
      await api.register(trackerRoutes, { ctx });
      await api.register(widgetPublicRoutes, { ctx });
      await api.register(whatsappSettingsRoutes, { ctx });
      await api.register(whatsappWebhookRoutes, { ctx });
      await api.register(wapiRoutes, { ctx });
      await api.register(documentacaoRoutes, { ctx });
      await api.register(iaRoutes, { ctx });
      await opts.backendRoutes?.(api, ctx);
      await api.register(operatorRoutes, { ctx });
    },
    { prefix: API_PREFIX },
  );

  registerUploadsRoute(app, UPLOADS_URL_PREFIX, ctx.storage);
  await app.register(confirmarLidPage, { ctx });
  registerPublicTarefaPage(app, ctx);
  registerGrafanaRoutes(app, ctx);

  if (opts.widgetJs && existsSync(opts.widgetJs)) await serveWidgetScript(app, opts.widgetJs);

  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: PRECOMPRESSED_COPIES,
      setHeaders: webAssetHeaders,
    });
  }

  // On a white label's host the app's HTML names it (window.whiteLabelId); everywhere else the file as built.
  const labelled = webDist ? whiteLabelIndex(ctx, readFileSync(path.join(webDist, 'index.html'), 'utf8')) : null;
  app.setNotFoundHandler(async (req, reply) => {
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.toLowerCase().startsWith('/backend') &&
      !path.extname(req.url.split('?')[0]!);
    if (webDist && isPage) {
      pageHeaders(reply, req.url);
      const page = await labelled?.(req, reply);
      if (page) return reply.type('text/html; charset=utf-8').send(page);
      return reply.type('text/html; charset=utf-8').sendFile('index.html', webDist);
    }
    return reply.code(404).send({ message: 'Rota não encontrada.', code: 'NOT_FOUND' });
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
