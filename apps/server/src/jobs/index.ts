import type { FastifyBaseLogger } from 'fastify';
import { UPLOAD_CLEANUP_EVERY_MINUTES } from '@balcao/shared/widget';
import type { AppContext } from '../context';
import { enviarAgendadasDevidas } from '../modules/mensagens-agendadas/scheduler';
import { cleanupWidgetUploads } from './widget-uploads';

/** Scheduled messages are looked for this often: each goes out within this (plus the send itself) of its time. */
const AGENDADAS_EVERY_MS = 5_000;

type Job = { name: string; firstMs: number; everyMs: number; run: () => Promise<void> };

/**
 * Periodic jobs of this instance. Every instance runs them; each job is written to be safe when several run
 * at once. A job never overlaps itself here. `stop` clears the timers and waits for runs in progress (before
 * the database closes).
 */
export function startJobs(ctx: AppContext, log: FastifyBaseLogger): { stop: () => Promise<void> } {
  const jobs: Job[] = [
    {
      name: 'limpeza de anexos do widget',
      // The first run waits a little after start, out of the way of migrations and the first requests.
      firstMs: 30_000,
      everyMs: UPLOAD_CLEANUP_EVERY_MINUTES * 60_000,
      run: async () => {
        const n = await cleanupWidgetUploads(ctx.db, ctx.uploadsDir);
        if (n) log.info({ removidos: n }, 'anexos do widget não usados removidos');
      },
    },
    {
      name: 'envio de mensagens agendadas',
      // Soon after start: what fell due while no instance was up goes out now.
      firstMs: 1_000,
      everyMs: AGENDADAS_EVERY_MS,
      run: async () => {
        const n = await enviarAgendadasDevidas(ctx);
        if (n) log.info({ mensagens: n }, 'mensagens agendadas processadas');
      },
    },
  ];
  const current = new Map<Job, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    const tick = () => {
      if (current.has(job)) return;
      current.set(
        job,
        job
          .run()
          .catch((err: unknown) => log.warn({ err }, `${job.name} falhou`))
          .finally(() => current.delete(job)),
      );
    };
    timers.push(setTimeout(tick, job.firstMs), setInterval(tick, job.everyMs));
  }
  for (const t of timers) t.unref();
  return {
    stop: async () => {
      for (const t of timers) clearTimeout(t);
      await Promise.all(current.values());
    },
  };
}
