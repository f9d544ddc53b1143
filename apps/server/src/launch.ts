import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configureZodPortuguese } from '@balcao/shared/zod';
import { DataDirLockedError } from './db/data-dir-lock';
import { loadEnv } from './env';
import { BucketUnreachableError } from './lib/storage';
import { type StartOptions, startServer } from './server';

/**
 * Graceful shutdown (server.ts close): stop accepting, let socket events and requests in flight finish and
 * be acknowledged, flush inbound batches, close sockets so clients reconnect elsewhere, close the database.
 * Forced after 10 s.
 */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Starts the server from the environment and stops it on SIGINT/SIGTERM: the product's entry (main.ts), and the
 * e2e server's (test/e2e-main.ts), which alone adds test doubles, in code.
 */
export async function launch(doubles: Pick<StartOptions, 'wapiSocket' | 'backendRoutes'> = {}): Promise<void> {
  configureZodPortuguese();
  const env = loadEnv();
  // dist/ (the bundle) and src/ (the e2e entry under tsx) sit at the same depth: the same relative paths.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const running = await startServer(env, {
    webDist: env.WEB_DIST ?? path.resolve(here, '../../web/dist'),
    widgetJs: path.resolve(here, '../../../packages/widget/dist/widget.js'),
    ...doubles,
  }).catch((err: unknown) => {
    // Another process owns the embedded database, or the bucket cannot be used: say so and what to do, without a stack trace.
    if (err instanceof DataDirLockedError || err instanceof BucketUnreachableError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      running.app.log.info({ signal }, 'encerrando');
      setTimeout(() => {
        running.app.log.error('encerramento não terminou em 10 s; saindo assim mesmo');
        process.exit(1);
      }, SHUTDOWN_TIMEOUT_MS).unref();
      running.close().then(
        () => {
          running.app.log.info('encerrado');
          process.exit(0);
        },
        (err: unknown) => {
          running.app.log.error({ err }, 'erro ao encerrar');
          process.exit(1);
        },
      );
    });
  }
}
