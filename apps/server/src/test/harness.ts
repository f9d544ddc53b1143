import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../app';
import type { AppContext } from '../context';
import { openPglite, openPostgres, type Database } from '../db/client';
import { SecretCipher } from '../lib/cipher';
import { loginThrottle } from '../lib/login-throttle';
import { memoryCounter } from '../lib/rate-counter';
import { createMailer } from '../lib/mailer';
import { TokenService } from '../lib/tokens';
import { createChannels } from '../channels/registry';
import { diskStorage } from '../lib/storage';
import { socketPublishers } from '../realtime/publishers';
import { throwawayPostgres as throwaway } from './throwaway-postgres.mjs';
import { publishersWithPush } from '../modules/notificacoes/publisher';

/** The databases every integration test runs on: PGlite always, PostgreSQL when DATABASE_URL is set (CI). */
export const DB_KINDS: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh database of the given kind: in-memory PGlite, or a throwaway PostgreSQL database dropped on close.
 * Teardown order matters: the pool ends and every one of its connections has closed before the drop, so
 * `with (force)` never terminates a pooled connection (57P01 reported as an unhandled error).
 */
export async function freshDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') return openPglite(null);
  const db = await throwawayPostgres();
  const database = await openPostgres(db.url, 4);
  return {
    ...database,
    close: async () => {
      await database.close();
      await db.drop();
    },
  };
}

/** An empty PostgreSQL database on the server of DATABASE_URL; drop() only once nothing uses it any more. */
export const throwawayPostgres = () => throwaway(process.env.DATABASE_URL!);

export type TestApp = { app: App; ctx: AppContext; database: Database; uploadsDir: string; close: () => Promise<void> };

/** The real app (no listening socket) on a fresh database; use app.inject() for HTTP. */
export async function createTestApp(
  kind: 'pglite' | 'postgres',
  overrides: Partial<AppContext> = {},
  /** Another instance on an existing database (closed by its owner, not here). */
  shared?: Database,
): Promise<TestApp> {
  const database = shared ?? (await freshDatabase(kind));
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'balcao-uploads-'));
  const ctx: AppContext = {
    db: database.db,
    tokens: new TokenService('test-secret-test-secret-test-secret-123'),
    mailer: undefined as never,
    throttle: loginThrottle(memoryCounter()),
    rates: memoryCounter(),
    cipher: new SecretCipher('test-cipher-key'),
    widgetLimits: { messagesPerMinute: 30, sessionsPerMinute: 1000 },
    storage: diskStorage(uploadsDir),
    publicUrl: 'http://balcao.test',
    secureCookies: false,
    ...overrides,
  };
  // Tests that attach Socket.IO set ctx.io: the publisher reads it at each change.
  ctx.channels ??= createChannels(ctx);
  ctx.publish ??= publishersWithPush(
    ctx,
    socketPublishers(() => ctx.io, ctx.channels),
    () => app.log,
  );
  const app = await buildApp(ctx, { ping: database.ping });
  ctx.mailer = overrides.mailer ?? createMailer(database.db, app.log, { from: 'teste@balcao.test' });
  await app.ready();
  return {
    app,
    ctx,
    database,
    uploadsDir,
    close: async () => {
      await app.close();
      if (!shared) await database.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}
