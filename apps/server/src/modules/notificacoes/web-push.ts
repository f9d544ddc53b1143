import webpush from 'web-push';
import { PUSH_TTL_S } from '@balcao/shared/notificacoes';
import type { VapidKeys } from '../../lib/vapid';

type TDestino = { endpoint: string; p256dh: string; auth: string };
/** Sends one push and answers the push service's HTTP status. */
export type PushSend = (destino: TDestino, payload: string) => Promise<number>;

const TIMEOUT_MS = 10_000;

/**
 * RFC 8291 (aes128gcm) encryption and an RFC 8292 VAPID header by the web-push library; the request itself
 * goes through fetch, which, unlike the library's own sender, also reaches a plain-http push service (tests,
 * a self-hosted one on a private network).
 */
export function webPushSender(vapid: VapidKeys): PushSend {
  return async (d, payload) => {
    const req = webpush.generateRequestDetails({ endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } }, payload, {
      vapidDetails: vapid,
      TTL: PUSH_TTL_S,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    });
    const res = await fetch(req.endpoint, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.status;
  };
}
