import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { whatsappOf } from '../../../channels/registry';
import { backgroundIdle } from '../../../lib/background';
import { DB_KINDS } from '../../../test/harness';
import { roundTrips } from '../../../test/statement-counter';
import { newWhatsAppChannel, signWebhook, textWebhook, whatsappTestApp } from '../../../test/whatsapp-channel';

/**
 * The round trips to the database of a customer's WhatsApp message in an open conversation, from the webhook
 * to everything told about it: the delivery kept (1), the inbound statement (1), the conversation as the
 * attendants see it (1), the delivery marked done (1). Per-message hooks (Web Push, the welcome menu, hours,
 * consent words) read their settings from caches, so they add none: an extra read per message saturated
 * inbound at 1,000/s. Counted, not timed, so the budget holds on a loaded machine.
 */
const BUDGET = 4;

describe.each(DB_KINDS)('statements of an inbound message (%s)', (kind) => {
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:teste@balcao.test' };
  const s = whatsappTestApp(kind, { vapid });

  it('stores and tells a customer message within its budget of round trips', async () => {
    const { canal, pnid } = await newWhatsAppChannel(s.t, { phoneNumberId: s.graph.newNumber() });
    const deliver = async (body: string) => {
      const raw = textWebhook(pnid, body);
      const r = await s.t.app.inject({
        method: 'POST',
        url: `/backend/webhooks/whatsapp/${canal.token}`,
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(raw) },
      });
      expect(r.statusCode).toBe(200);
      await whatsappOf(s.t.ctx).idle();
      await backgroundIdle();
    };
    await deliver('primeira');
    const { trips } = await roundTrips(() => deliver('segunda'));
    const seen = trips.map((t) => t.sql.replace(/\s+/g, ' ').slice(0, 80));
    expect(seen.length, seen.join('\n')).toBeLessThanOrEqual(BUDGET);
  });
});
