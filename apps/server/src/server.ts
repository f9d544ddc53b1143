import path from 'node:path';
import { type BuildOptions, buildApp, type App } from './app';
import type { SocketFactory } from './channels/whatsapp-web/socket';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import type { TEnv } from './env';
import { SecretCipher } from './lib/cipher';
import { loginThrottle } from './lib/login-throttle';
import { memoryCounter, redisCounter } from './lib/rate-counter';
import { createMailer } from './lib/mailer';
import { closeRedis, createRedis, type RedisLog } from './lib/redis';
import { configuredOrigin } from './lib/public-origin';
import { backgroundIdle } from './lib/background';
import { loadOrCreateSecret } from './lib/secrets';
import { loadOrCreateVapid } from './lib/vapid';
import { publishersWithPush } from './modules/notificacoes/publisher';
import { openStorage } from './lib/storage';
import { s3ConfigOf } from './lib/storage/config';
import { serverLogger, startupLines, wantsReadableLogs } from './lib/terminal-log';
import { TokenService } from './lib/tokens';
import { type DemoLogins, seedDemo } from './modules/accounts/demo';
import { countAccounts } from './modules/accounts/service';
import { flushInbound } from './modules/atendimentos/inbound';
import { registerAtendimentoHub } from './realtime/atendimento-hub';
import { registerChatInternoHub } from './realtime/chat-interno-hub';
import { registerTrackerHub } from './realtime/tracker-events';
import { socketPublishers } from './realtime/publishers';
import { registerWidgetHub } from './channels/widget/hub';
import { createSocketServer } from './realtime/server';
import { startJobs } from './jobs';
import { licencaPrecos, pixConfig } from './payments/config';
import { createPaymentProvider } from './payments/create';
import { createChannels, wapiOf, whatsappOf } from './channels/registry';
import { baileysSocket } from './channels/whatsapp-web/socket';
import { parseWaVersion } from './channels/whatsapp-web/version';

export type Running = { app: App; ctx: AppContext; database: Database; close: () => Promise<void> };

/** Graceful shutdown bounds: socket events and inbound batches in flight, then HTTP requests in flight (main.ts forces exit at 10 s). */
const DRAIN_SOCKETS_MS = 4000;
const DRAIN_HTTP_MS = 4000;
/** Sockets closing once their last acknowledgements are sent. */
const DRAIN_CLOSE_MS = 1000;
/** How long startup waits for Redis before counting locally until it comes. */
const REDIS_STARTUP_WAIT_MS = 3000;

const within = (work: Promise<unknown>, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void work
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        resolve();
      });
  });

/** env -> database (+ migrations) -> demo seed -> Fastify -> Socket.IO -> listening. */
export type StartOptions = {
  database?: Database;
  webDist?: string;
  widgetJs?: string;
  /** Test doubles, given in code by the e2e server's entry (test/e2e-main.ts): a fake WhatsApp Web and its routes. */
  wapiSocket?: SocketFactory;
  backendRoutes?: BuildOptions['backendRoutes'];
};

export async function startServer(env: TEnv, opts: StartOptions = {}): Promise<Running> {
  // The database and Redis come before Fastify's logger exists: until then their warnings go to stderr.
  let logger: RedisLog = { warn: (o, m) => console.error(m, o), info: (o, m) => console.error(m, o) };
  const log: RedisLog = { warn: (o, m) => logger.warn(o, m), info: (o, m) => logger.info(o, m) };
  // A bucket that cannot be used stops the start before anything is opened (BucketUnreachableError).
  const storage = await openStorage(path.join(env.dataDir, 'uploads'), s3ConfigOf(env));
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.dataDir,
      onConnectionError: (err) => log.warn({ err: err.message }, 'PostgreSQL: conexão perdida; a próxima consulta abre outra'),
      embedded: {
        onDown: (err, retryInMs) =>
          log.warn({ err: err.message, retryInMs }, 'Banco embutido parou; reabrindo sobre os seus arquivos (respostas 503 até lá)'),
        onUp: () => log.info({}, 'Banco embutido de volta: recuperado dos seus arquivos'),
      },
    }));
  // Counters answer at once while Redis is away (no queue, 1 s per command at most): they count locally meanwhile.
  const redis = env.REDIS_URL ? createRedis(env.REDIS_URL, 'contadores', log, { enableOfflineQueue: false, commandTimeout: 1000 }) : null;
  if (redis) await within(new Promise((resolve) => redis.once('ready', resolve)), REDIS_STARTUP_WAIT_MS);
  const jwtSecret = loadOrCreateSecret(env.dataDir, 'jwt', env.JWT_SECRET);
  const rates = redis ? redisCounter(redis, undefined, log) : memoryCounter();
  const ctx: AppContext = {
    db: database.db,
    tokens: new TokenService(jwtSecret),
    mailer: undefined as never,
    throttle: loginThrottle(rates),
    rates,
    widgetLimits: { messagesPerMinute: env.WIDGET_MESSAGES_PER_MINUTE, sessionsPerMinute: env.WIDGET_SESSIONS_PER_MINUTE },
    cipher: new SecretCipher(loadOrCreateSecret(env.dataDir, 'channels', env.CHANNEL_SECRET_KEY)),
    storage,
    publicUrl: configuredOrigin(env),
    operatorToken: env.OPERATOR_TOKEN,
    metricsToken: env.METRICS_TOKEN,
    grafanaUrl: env.GRAFANA_URL,
    ...(env.POSTHOG_KEY ? { telemetria: { chave: env.POSTHOG_KEY, host: env.POSTHOG_HOST } } : {}),
    ...(database.snapshot ? { embeddedBackup: { dataDir: env.dataDir, snapshot: database.snapshot } } : {}),
    secureCookies: (env.PUBLIC_URL ?? '').startsWith('https://'),
    licencaPagamentos: {
      provider: createPaymentProvider(pixConfig(env)),
      webhook: pixConfig(env)?.webhook ?? {},
      precos: licencaPrecos(env),
    },
    ia: {
      baseUrl: env.IA_BASE_URL ?? null,
      apiKey: env.IA_API_KEY ?? null,
      modelo: env.IA_MODELO ?? null,
      modeloTranscricao: env.IA_MODELO_TRANSCRICAO ?? null,
      limiteTokensMes: env.IA_LIMITE_TOKENS_MES ?? null,
      ...(env.IA_CHAMADAS_POR_MINUTO ? { chamadasPorMinuto: env.IA_CHAMADAS_POR_MINUTO } : {}),
    },
    whatsapp: { graphUrl: env.WHATSAPP_GRAPH_URL, graphVersion: env.WHATSAPP_GRAPH_VERSION, sendsPerSecond: env.WHATSAPP_SENDS_PER_SECOND },
    wapi: {
      ...(env.WAPI_SEND_GAP_MS === undefined ? {} : { sendGapMs: env.WAPI_SEND_GAP_MS }),
      ...(env.WAPI_VERSION ? { socket: baileysSocket({ pinned: parseWaVersion(env.WAPI_VERSION)! }) } : {}),
    },
  };
  if (opts.wapiSocket) ctx.wapi = { ...ctx.wapi, socket: opts.wapiSocket };
  // One publisher for every change, socket or not; the socket server is read when it exists (below).
  ctx.channels = createChannels(ctx);
  ctx.vapid = loadOrCreateVapid(env.dataDir, env, ctx.publicUrl);
  // Read at each push: the app's logger exists once Fastify is built (below), before any change is told.
  ctx.publish = publishersWithPush(
    ctx,
    socketPublishers(() => ctx.io, ctx.channels),
    () => app.log,
  );
  const readable = wantsReadableLogs(env.LOG_FORMAT);
  const app = await buildApp(ctx, {
    logger: await serverLogger(env.LOG_LEVEL, readable),
    // A terminal shows events, not two English lines per request; collectors keep every request.
    requestLogging: !readable,
    webDist: opts.webDist ?? env.WEB_DIST,
    widgetJs: opts.widgetJs,
    trustProxy: env.TRUST_PROXY,
    ping: database.ping,
    backendRoutes: opts.backendRoutes,
  });
  logger = app.log;
  ctx.mailer = createMailer(database.db, app.log, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  // While shutting down, each kept-alive connection closes after its response instead of idling on.
  let shuttingDown = false;
  app.addHook('onSend', async (_req, reply) => {
    if (shuttingDown) reply.header('connection', 'close');
  });

  const embeddedAndEmpty = database.kind === 'pglite' && env.SEED_DEMO !== false && (await countAccounts(database.db)) === 0;
  let demo: DemoLogins | null = null;
  if (embeddedAndEmpty || env.SEED_DEMO === true) demo = await seedDemo(database.db);

  const sockets = createSocketServer(app.server, { redisUrl: env.REDIS_URL, log });
  registerChatInternoHub(sockets.io, ctx, app.log);
  registerAtendimentoHub(sockets.io, ctx, app.log);
  registerWidgetHub(sockets.io, ctx, app.log);
  registerTrackerHub(sockets.io, ctx);
  ctx.io = sockets.io;
  await app.listen({ port: env.PORT, host: env.HOST, listenTextResolver: (address) => `Servidor ouvindo em ${address}` });
  const jobs = startJobs(ctx, app.log, { embeddedDatabase: database.kind === 'pglite' });
  // Webhooks stored before a stop are processed, and queued sends go out (channels/whatsapp-cloud).
  const whatsapp = whatsappOf(ctx);
  await whatsapp.start(app.log);
  // Sends a crash cut are marked failed, and what waits to go out leaves (modules/atendimentos/outbox).
  const outbox = ctx.channels.outbox;
  await outbox.start(app.log);
  // WhatsApp Web sessions wanted connected (before this start too) are claimed and reopened with their keys.
  const wapi = wapiOf(ctx);
  wapi.start(app.log);
  // PORT=0 picks a free port: links then name the one actually listening.
  const address = app.server.address();
  if (!env.PUBLIC_URL && env.PORT === 0 && address && typeof address === 'object') ctx.publicUrl = configuredOrigin(env, address.port);
  const facts = {
    address: ctx.publicUrl,
    database: database.kind,
    dataDir: env.dataDir,
    ...(demo ? { demo } : {}),
    ...(ctx.storage.kind === 's3' ? { bucket: ctx.storage.where } : {}),
  };
  for (const line of startupLines(facts)) app.log.info(line);

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      shuttingDown = true;
      // 1. No new connections: a load balancer's next try goes to another instance.
      const httpClosed = new Promise<void>((resolve) => app.server.close(() => resolve()));
      // 2. Socket events being handled are written and acknowledged; later ones are left to the client's resend.
      await sockets.drain(DRAIN_SOCKETS_MS);
      // 3. Customer messages still queued for a batch are written.
      await within(flushInbound(database.db), DRAIN_SOCKETS_MS);
      // 4. Sockets close as a transport loss, so clients reconnect (elsewhere) and resend what has no ack.
      await sockets.disconnectAll(DRAIN_CLOSE_MS);
      // 5. HTTP requests in flight finish; idle connections are closed as they become idle.
      const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
      await within(httpClosed, DRAIN_HTTP_MS);
      clearInterval(reaper);
      app.server.closeAllConnections();
      await app.close();
      await jobs.stop();
      ctx.licencaPagamentos?.provider?.close();
      await whatsapp.stop();
      await wapi.stop();
      await outbox.stop();
      await sockets.close();
      if (redis) await closeRedis(redis);
      // E-mails queued by requests that have answered (password reset) are written before the database closes.
      await backgroundIdle();
      if (!opts.database) await database.close();
    })());
  return { app, ctx, database, close };
}
