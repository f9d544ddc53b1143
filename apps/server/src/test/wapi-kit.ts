import { eq } from 'drizzle-orm';
import { proto, type WAMessage } from 'baileys';
import { afterAll, beforeAll, expect } from 'vitest';
import { wapiSessoes } from '../db/schema/wapi';
import { wapiOf } from '../channels/registry';
import { FakeWhatsAppWeb } from './fake-whatsapp-web';
import { login, makeAccount } from './factories';
import { createTestApp, type TestApp } from './harness';

/** A close as Baileys emits it: lastDisconnect.error is a Boom whose output.statusCode is the DisconnectReason. */
export const closeWith = (statusCode: number | undefined) => ({
  connection: 'close' as const,
  lastDisconnect: {
    error: Object.assign(new Error('closed'), statusCode === undefined ? {} : { output: { statusCode } }),
    date: new Date(),
  },
});

/**
 * The real app on a fresh database with WhatsApp Web on the fake socket (no pacing unless `sendGapMs` is given,
 * 1 ms back-off), for one describe.
 */
export function wapiTestApp(kind: 'pglite' | 'postgres', { sendGapMs = 0 } = {}) {
  const h = { wa: new FakeWhatsAppWeb() } as { t: TestApp; wa: FakeWhatsAppWeb };
  beforeAll(async () => {
    h.t = await createTestApp(kind, { wapi: { socket: h.wa.factory, sendGapMs, backoffBaseMs: 1 } });
  });
  afterAll(async () => {
    await wapiOf(h.t.ctx).stop();
    await h.t.close();
  });
  return h;
}

/** The customer who writes in these tests, and one text of theirs as Baileys delivers it (proto.WebMessageInfo). */
export const CUSTOMER_JID = '5511988887777@s.whatsapp.net';
export const customerText = (id: string, conversation: string, fromMe = false) =>
  proto.WebMessageInfo.fromObject({
    key: { remoteJid: CUSTOMER_JID, fromMe, id },
    message: { conversation },
    messageTimestamp: Math.floor(Date.now() / 1000),
    pushName: fromMe ? ME.name : 'Cliente',
  }) as WAMessage;
/** A text the business sent to that customer from its own phone (fromMe; the pushName is the business's). */
export const businessText = (id: string, conversation: string) => customerText(id, conversation, true);

/** The paired phone's own account on WhatsApp. */
export const ME = { id: '5511900001111:7@s.whatsapp.net', name: 'Loja' };

/** A fresh account paired through conectar → QR → scan (515) → open: its master, calls and the open fake socket. */
export async function pairAccount(h: { t: TestApp; wa: FakeWhatsAppWeb }) {
  const idle = () => wapiOf(h.t.ctx).idle();
  const acc = await makeAccount(h.t.ctx.db);
  const master = await login(h.t.app, acc.master.email);
  const api = (p: string) => `/backend/wapi/clients/${acc.account.id}/${p}`;
  const get = async <T>(p: string) => (await h.t.app.inject({ method: 'GET', url: api(p), headers: master.auth })).json() as T;
  expect((await h.t.app.inject({ method: 'POST', url: api('conectar'), headers: master.auth })).statusCode).toBe(202);
  await idle();
  h.wa.last.emit('connection.update', { qr: '2@qr-ref,abc,def,ghi' });
  await idle();
  h.wa.last.emit('creds.update', { me: ME, registered: true });
  h.wa.last.emit('connection.update', closeWith(515));
  await idle();
  const open = h.wa.last;
  open.user = ME;
  open.emit('connection.update', { connection: 'open' });
  await idle();
  const [row] = await h.t.ctx.db.select().from(wapiSessoes).where(eq(wapiSessoes.accountId, acc.account.id));
  return { acc, master, api, get, open, canalId: row!.canalId };
}
