import type { FastifyBaseLogger } from 'fastify';

const pending = new Set<Promise<void>>();

/**
 * Runs `work` after the current request has answered, never awaited by it: what it costs (a lookup, a token,
 * an SMTP round trip) cannot show in the answer's timing or hold the request up. A failure is logged.
 */
export function inBackground(log: Pick<FastifyBaseLogger, 'error'>, what: string, work: () => Promise<unknown>): void {
  const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .then(
      () => undefined,
      (err: unknown) => log.error({ err }, `falha em segundo plano: ${what}`),
    )
    .finally(() => pending.delete(job));
  pending.add(job);
}

/** Resolves once every job started so far (and any they start) has finished: shutdown, before the database closes; tests. */
export async function backgroundIdle(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
