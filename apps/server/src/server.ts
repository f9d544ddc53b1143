import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { buildApp, type App } from './app';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import type { TEnv } from './env';
import { SecretCipher } from './lib/cipher';
import { loginThrottle } from './lib/login-throttle';
import { memoryCounter, redisCounter } from './lib/rate-counter';
import { configuredOrigin } from './lib/public-origin';
import { createMailer } from './lib/mailer';
import { loadOrCreateSecret } from './lib/secrets';
import { TokenService } from './lib/tokens';
import { seedDemo } from './modules/accounts/demo';
import { countAccounts } from './modules/accounts/service';
import { registerAtendimentoHub } from './realtime/atendimento-hub';
import { registerChatInternoHub } from './realtime/chat-interno-hub';
import { socketPublishers } from './realtime/publishers';
import { registerWidgetHub } from './channels/widget/hub';
import { createSocketServer } from './realtime/server';

export type Running = { app: App; ctx: AppContext; database: Database; close: () => Promise<void> };

/** env -> database (+ migrations) -> demo seed -> Fastify -> Socket.IO -> listening. */
export async function startServer(env: TEnv, opts: { database?: Database; webDist?: string; widgetJs?: string } = {}): Promise<Running> {
  const database = opts.database ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir }));
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL) : null;
  const jwtSecret = loadOrCreateSecret(env.dataDir, 'jwt', env.JWT_SECRET);
  const rates = redis ? redisCounter(redis) : memoryCounter();
  const ctx: AppContext = {
    db: database.db,
    tokens: new TokenService(jwtSecret),
    mailer: undefined as never,
    throttle: loginThrottle(rates),
    rates,
    widgetLimits: { messagesPerMinute: env.WIDGET_MESSAGES_PER_MINUTE, sessionsPerMinute: env.WIDGET_SESSIONS_PER_MINUTE },
    cipher: new SecretCipher(loadOrCreateSecret(env.dataDir, 'channels', env.CHANNEL_SECRET_KEY)),
    uploadsDir: path.join(env.dataDir, 'uploads'),
    publicUrl: configuredOrigin(env),
    operatorToken: env.OPERATOR_TOKEN,
    secureCookies: (env.PUBLIC_URL ?? '').startsWith('https://'),
  };
  mkdirSync(ctx.uploadsDir, { recursive: true });
  const app = await buildApp(ctx, {
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    webDist: opts.webDist ?? env.WEB_DIST,
    widgetJs: opts.widgetJs,
    trustProxy: env.TRUST_PROXY,
    ping: database.ping,
  });
  ctx.mailer = createMailer(database.db, app.log, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });

  const embeddedAndEmpty = database.kind === 'pglite' && env.SEED_DEMO !== false && (await countAccounts(database.db)) === 0;
  if (embeddedAndEmpty || env.SEED_DEMO === true) {
    if (await seedDemo(database.db)) app.log.info('conta de demonstração criada (databaseName "demo", senha balcao-demo)');
  }

  const sockets = createSocketServer(app.server, { redisUrl: env.REDIS_URL });
  registerChatInternoHub(sockets.io, ctx, app.log);
  registerAtendimentoHub(sockets.io, ctx, app.log);
  registerWidgetHub(sockets.io, ctx, app.log);
  ctx.io = sockets.io;
  ctx.publish = socketPublishers(sockets.io);
  await app.listen({ port: env.PORT, host: env.HOST });
  // PORT=0 picks a free port: links then name the one actually listening.
  const address = app.server.address();
  if (!env.PUBLIC_URL && env.PORT === 0 && address && typeof address === 'object') ctx.publicUrl = configuredOrigin(env, address.port);

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await sockets.close();
      await app.close();
      await redis?.quit().catch(() => undefined);
      if (!opts.database) await database.close();
    })());
  return { app, ctx, database, close };
}
