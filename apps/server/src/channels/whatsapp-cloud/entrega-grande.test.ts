import { createHmac } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { mensagens } from '../../db/schema/atendimentos';
import { whatsappEventos } from '../../db/schema/whatsapp';
import { login, makeAccount } from '../../test/factories';
import { DB_KINDS } from '../../test/harness';
import { FAKE_WA_SECRET, newWhatsAppChannel, whatsappTestApp } from '../../test/whatsapp-channel';
import { whatsappOf } from '../registry';
import { MAX_EVENTOS_POR_ENTREGA } from './split-delivery';

const MENSAGENS = 25_000;
const CLIENTES = 250;
const sign = (raw: Buffer) => `sha256=${createHmac('sha256', FAKE_WA_SECRET).update(raw).digest('hex')}`;

/** One delivery of `n` texts from CLIENTES customers, as Meta would shape it (~2.7 MB for 25,000). */
function bigDelivery(pnid: string, n: number) {
  const ts = String(Math.floor(Date.now() / 1000));
  const messages = Array.from({ length: n }, (_, i) => ({
    from: `55119${String(10_000_000 + (i % CLIENTES)).padStart(8, '0')}`,
    id: `wamid.${String(i).padStart(6, '0')}`,
    timestamp: ts,
    type: 'text',
    text: { body: `oi ${i}` },
  }));
  const value = { messaging_product: 'whatsapp', metadata: { display_phone_number: '5511999990000', phone_number_id: pnid }, messages };
  return Buffer.from(
    JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value }] }] }),
  );
}

/**
 * A huge delivery (the cap on a delivery's messages: webhook.ts) is stored and processed at a bounded pace:
 * another account keeps being answered meanwhile, and every message lands.
 */
describe.each(DB_KINDS)('WhatsApp: a 25,000-message delivery on %s', (kind) => {
  const s = whatsappTestApp(kind);

  it("stores it, answers another account's current user meanwhile, and lands all its messages", { timeout: 600_000 }, async () => {
    const { t } = s;
    const a = await newWhatsAppChannel(t);
    const b = await makeAccount(t.ctx.db);
    const bMaster = await login(t.app, b.master.email);
    const raw = bigDelivery(a.pnid, MENSAGENS);
    const landed = async () =>
      (await t.ctx.db.select({ n: count() }).from(mensagens).where(eq(mensagens.accountId, a.acc.account.id)))[0]!.n;

    const started = Date.now();
    const webhook = t.app.inject({
      method: 'POST',
      url: `/backend/webhooks/whatsapp/${a.canal.token}`,
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(raw) },
    });
    const latencies: number[] = [];
    let n = 0;
    let answered = null as Awaited<typeof webhook> | null;
    void webhook.then((r) => {
      answered = r;
    });
    const deadline = Date.now() + 540_000;
    while (n < MENSAGENS && Date.now() < deadline && (answered === null || answered.statusCode === 200)) {
      const t0 = performance.now();
      const me = await t.app.inject({ method: 'GET', url: '/backend/Usuario/GetCurrentUser', headers: bMaster.auth });
      latencies.push(performance.now() - t0);
      expect(me.statusCode).toBe(200);
      expect((me.json() as TCurrentUser).email).toBe(b.master.email);
      n = await landed();
    }
    const r = answered ?? (await webhook);
    expect(r.statusCode).toBe(200);
    await whatsappOf(t.ctx).idle();
    expect(await landed()).toBe(MENSAGENS);
    // Stored as deliveries of at most MAX_EVENTOS_POR_ENTREGA messages, each processed, none failed.
    const rows = await t.ctx.db.select().from(whatsappEventos).where(eq(whatsappEventos.canalId, a.canal.id));
    expect(rows).toHaveLength(MENSAGENS / MAX_EVENTOS_POR_ENTREGA);
    expect(rows.filter((e) => e.processadoEm === null || e.erro !== null)).toEqual([]);
    latencies.sort((x, y) => x - y);
    const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))]!);
    // The figure for docs/desempenho.md (no timed assertion: this machine is shared).
    console.info(
      `[entrega-grande ${kind}] ${(raw.length / 1e6).toFixed(1)} MB, ${MENSAGENS} mensagens em ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `GetCurrentUser de outra conta: ${latencies.length} chamadas, p50 ${pct(50)} ms, p99 ${pct(99)} ms, máx ${pct(100)} ms`,
    );
  });
});
