import { afterAll, beforeAll } from 'vitest';
import { wapiOf } from '../channels/registry';
import { FakeWhatsAppWeb } from '../channels/whatsapp-web/fake-socket';
import { createTestApp, type TestApp } from './harness';

/** A close as Baileys emits it: lastDisconnect.error is a Boom whose output.statusCode is the DisconnectReason. */
export const closeWith = (statusCode: number | undefined) => ({
  connection: 'close' as const,
  lastDisconnect: {
    error: Object.assign(new Error('closed'), statusCode === undefined ? {} : { output: { statusCode } }),
    date: new Date(),
  },
});

/** The real app on a fresh database with WhatsApp Web on the fake socket (no pacing, 1 ms back-off), for one describe. */
export function wapiTestApp(kind: 'pglite' | 'postgres') {
  const h = { wa: new FakeWhatsAppWeb() } as { t: TestApp; wa: FakeWhatsAppWeb };
  beforeAll(async () => {
    h.t = await createTestApp(kind, { wapi: { socket: h.wa.factory, sendGapMs: 0, backoffBaseMs: 1 } });
  });
  afterAll(async () => {
    await wapiOf(h.t.ctx).stop();
    await h.t.close();
  });
  return h;
}
