import { z } from 'zod';

/**
 * The product analytics (PostHog) key and host in GET /backend/api/public/config, when the operator set
 * POSTHOG_KEY and the caller's account did not turn it off; null otherwise (nothing is loaded, nothing is sent).
 */
export const ZTelemetriaConfig = z.object({ chave: z.string(), host: z.string() });
export type TTelemetriaConfig = z.infer<typeof ZTelemetriaConfig>;

/** The spec's named events (part 2 §7), sent besides page views, vitals, errors and marked clicks. */
export const EVENTOS_ANALISE = {
  recebida: 'chat_message_received',
  enviada: 'chat_message_sent',
  contadores: 'chat_message_counters',
} as const;

/** The attribute that marks an element whose clicks are sent (autocapture is limited to these). */
export const ANALYTICS_ID_ATTR = 'data-analytics-id';
