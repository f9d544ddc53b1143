import { ANALYTICS_ID_ATTR, EVENTOS_ANALISE } from '@balcao/shared/telemetria';

/**
 * The product analytics (spec part 2 §7), opt-in: nothing is loaded or sent until start() learns from the
 * server that the operator set POSTHOG_KEY and the account did not turn it off; then posthog-js loads as a
 * chunk of its own. This module is what the rest of the app calls (small: it sits in the first bundle for
 * the error boundary); calls made before the library is ready wait in a short queue, dropped when it is off.
 */
export type AnalyticsClient = {
  capture(event: string, props?: Record<string, unknown>, opts?: { transport?: 'XHR' | 'fetch' | 'sendBeacon' }): unknown;
  captureException(error: unknown): unknown;
};

/** Calls kept while the library loads; a tab that never learns its state keeps no more than this. */
const QUEUE_MAX = 50;
let client: AnalyticsClient | null = null;
let off = false;
const queue: ((c: AnalyticsClient) => void)[] = [];
/** Messages since the last chat_message_counters report (sent when the page is hidden or unloaded). */
const counters = { enviadas: 0, recebidas: 0 };

function withClient(fn: (c: AnalyticsClient) => void) {
  if (off) return;
  if (client) fn(client);
  else if (queue.length < QUEUE_MAX) queue.push(fn);
}

/** The library is ready: what waited goes out, and the tab's listeners start. */
export function attachClient(c: AnalyticsClient) {
  client = c;
  off = false;
  for (const fn of queue.splice(0)) fn(c);
}

/** Off (no key, or the account turned it off): nothing waits and nothing more is sent. */
export function detachClient() {
  client = null;
  off = true;
  queue.length = 0;
  counters.enviadas = 0;
  counters.recebidas = 0;
}

/** A customer's or a colleague's message arrived, or one was sent: its channel and type, never its text. */
export function trackMessage(kind: 'recebida' | 'enviada', canal: string, tipo: string) {
  if (off) return;
  counters[kind === 'recebida' ? 'recebidas' : 'enviadas']++;
  withClient((c) => c.capture(kind === 'recebida' ? EVENTOS_ANALISE.recebida : EVENTOS_ANALISE.enviada, { canal, tipo }));
}

/** The top-level error boundary's error (spec part 2 §4). */
export function reportError(error: unknown) {
  withClient((c) => c.captureException(error));
}

/** The totals since the last report, by beacon so that it leaves even as the page unloads. */
export function flushCounters() {
  if (!client || (counters.enviadas === 0 && counters.recebidas === 0)) return;
  client.capture(EVENTOS_ANALISE.contadores, { ...counters }, { transport: 'sendBeacon' });
  counters.enviadas = 0;
  counters.recebidas = 0;
}

/** A click on an element marked with data-analytics-id: its id only (no text, no value, no other attribute). */
export function trackMarkedClick(target: EventTarget | null) {
  const el = target instanceof Element ? target.closest(`[${ANALYTICS_ID_ATTR}]`) : null;
  const id = el?.getAttribute(ANALYTICS_ID_ATTR);
  if (id) withClient((c) => c.capture('element_clicked', { analytics_id: id }));
}
