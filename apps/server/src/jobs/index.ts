import type { FastifyBaseLogger } from 'fastify';
import { UPLOAD_CLEANUP_EVERY_MINUTES } from '@balcao/shared/widget';
import type { AppContext } from '../context';
import { enviarAgendadasDevidas } from '../modules/mensagens-agendadas/scheduler';
import { vacuumEmbedded } from './embedded-vacuum';
import { ENTREGAS_RETIDAS_DIAS, purgeWhatsAppEntregas } from './whatsapp-entregas';
import { cleanupWidgetUploads } from './widget-uploads';

/** Scheduled messages are looked for this often: each goes out within this (plus the send itself) of its time. */
const AGENDADAS_EVERY_MS = 5_000;
/**
 * The embedded database's upkeep (embedded-vacuum.ts) runs this often, not every minute as PostgreSQL's
 * autovacuum looks: on PGlite a VACUUM holds the one thread that answers every query, and each pass reads
 * whole indexes (docs/operacao.md). At a small team's rates an hour's upkeep takes milliseconds.
 */
const EMBEDDED_VACUUM_EVERY_MS = 60 * 60_000;
/** The first upkeep waits this long after start, out of the way of a restart's catching up. */
const EMBEDDED_VACUUM_FIRST_MS = 10 * 60_000;

/** Old WhatsApp deliveries are deleted this often (whatsapp-entregas.ts), the first time a while after start. */
const ENTREGAS_PURGE_EVERY_MS = 60 * 60_000;
const ENTREGAS_PURGE_FIRST_MS = 15 * 60_000;

type Job = { name: string; firstMs: number; everyMs: number; run: () => Promise<void> };

/**
 * Periodic jobs of this instance. Every instance runs them; each job is written to be safe when several run
 * at once. A job never overlaps itself here. `stop` clears the timers and waits for runs in progress (before
 * the database closes).
 */
export function startJobs(ctx: AppContext, log: FastifyBaseLogger, opts: { embeddedDatabase: boolean }): { stop: () => Promise<void> } {
  const jobs: Job[] = [
    {
      name: 'limpeza de anexos do widget',
      // The first run waits a little after start, out of the way of migrations and the first requests.
      firstMs: 30_000,
      everyMs: UPLOAD_CLEANUP_EVERY_MINUTES * 60_000,
      run: async () => {
        const n = await cleanupWidgetUploads(ctx.db, ctx.storage);
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
    {
      name: 'limpeza de entregas antigas do WhatsApp',
      firstMs: ENTREGAS_PURGE_FIRST_MS,
      everyMs: ENTREGAS_PURGE_EVERY_MS,
      run: async () => {
        const n = await purgeWhatsAppEntregas(ctx.db);
        if (n) log.info({ removidas: n }, `entregas do WhatsApp processadas há mais de ${ENTREGAS_RETIDAS_DIAS} dias removidas`);
      },
    },
  ];
  // PGlite has no autovacuum (embedded-vacuum.ts); PostgreSQL runs its own.
  if (opts.embeddedDatabase)
    jobs.push({
      name: 'manutenção do banco embutido',
      firstMs: EMBEDDED_VACUUM_FIRST_MS,
      everyMs: EMBEDDED_VACUUM_EVERY_MS,
      run: async () => {
        const feitas = await vacuumEmbedded(ctx.db);
        if (feitas.length) log.info({ tabelas: feitas }, 'banco embutido: manutenção feita (vacuum e analyze, ou só analyze, por tabela)');
      },
    });
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
