import type { FastifyBaseLogger } from 'fastify';
import { UPLOAD_CLEANUP_EVERY_MINUTES } from '@balcao/shared/widget';
import type { AppContext } from '../context';
import { cleanupWidgetUploads } from './widget-uploads';

/** The first run waits a little after start, out of the way of migrations and the first requests. */
const FIRST_RUN_MS = 30_000;

/**
 * Periodic jobs of this instance. Every instance runs them; each job is written to be safe when several run
 * at once. `stop` clears the timers and waits for a run in progress (before the database closes).
 */
export function startJobs(ctx: AppContext, log: FastifyBaseLogger): { stop: () => Promise<void> } {
  let current: Promise<void> | null = null;
  const run = () => {
    current ??= cleanupWidgetUploads(ctx.db, ctx.uploadsDir)
      .then((n) => void (n && log.info({ removidos: n }, 'anexos do widget não usados removidos')))
      .catch((err: unknown) => log.warn({ err }, 'limpeza de anexos do widget falhou'))
      .finally(() => {
        current = null;
      });
  };
  const first = setTimeout(run, FIRST_RUN_MS);
  const every = setInterval(run, UPLOAD_CLEANUP_EVERY_MINUTES * 60_000);
  first.unref();
  every.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(every);
      await current;
    },
  };
}
