import { ATENDIMENTO_NAMESPACE } from '@balcao/shared/atendimentos/realtime';
import { CHAT_INTERNO_NAMESPACE } from '@balcao/shared/chat-interno';
import { WIDGET_NAMESPACE } from '@balcao/shared/widget';
import type { AppContext } from '../../context';
import { agendadasDevidas, canalLabel, outboxIdade, outboxPendentes, registry, socketsAbertos } from '../../lib/metrics';
import { agendadasDevidas as contarDevidas, outboxPorCanal } from './queries';

const NAMESPACES = [ATENDIMENTO_NAMESPACE, CHAT_INTERNO_NAMESPACE, WIDGET_NAMESPACE];
/** Every channel type shows, at 0 when nothing waits: a series that vanishes reads as "no data", not "empty". */
const CANAIS = ['widget', 'whatsapp', 'wapi'] as const;

/**
 * The series read from the database and the socket server at scrape time (two cheap indexed counts), then the
 * whole registry in Prometheus' text format. The queue is the database's: every instance reports the same
 * figure (dashboards take max, not sum).
 */
export async function scrape(ctx: AppContext): Promise<{ contentType: string; body: string }> {
  const [fila, devidas] = await Promise.all([outboxPorCanal(ctx.db), contarDevidas(ctx.db, new Date())]);
  outboxPendentes.reset();
  outboxIdade.reset();
  for (const canal of CANAIS) {
    outboxPendentes.set({ canal }, 0);
    outboxIdade.set({ canal }, 0);
  }
  for (const r of fila) {
    outboxPendentes.inc({ canal: canalLabel(r.canal) }, r.pendentes);
    outboxIdade.set({ canal: canalLabel(r.canal) }, r.idade);
  }
  agendadasDevidas.set(devidas);
  for (const ns of NAMESPACES) socketsAbertos.set({ namespace: ns }, ctx.io?.of(ns).sockets.size ?? 0);
  return { contentType: registry.contentType, body: await registry.metrics() };
}
