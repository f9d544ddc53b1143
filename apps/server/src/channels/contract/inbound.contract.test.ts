import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensagens } from '../../db/schema/atendimentos';
import { registry } from '../../lib/metrics';
import { presentRealtimeMessage } from '../../modules/atendimentos/presenter';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { whilePublishing } from '../../test/publisher-spy';
import { wapiTestApp } from '../../test/wapi-kit';
import { whatsappTestApp } from '../../test/whatsapp-channel';
import { businessMessage, cloudDriver, type Driven, failuresOf, minimalDriver, webDriver, widgetDriver } from './inbound-drivers';

/**
 * The inbound half of the driver contract: every driver, fed the same scenario in its own wire format, leaves
 * the same stored messages and publishes the same events (what a driver cannot receive is skipped).
 */

/** The account's messages as the contract compares them: author, kind, text, and what happened to them. */
async function stored(t: TestApp, d: Driven) {
  const rows = await t.ctx.db.select().from(mensagens).where(eq(mensagens.accountId, d.accountId)).orderBy(asc(mensagens.seq));
  return rows.map(
    (m) =>
      `${m.autor} ${m.tipo} ${m.conteudo}${m.editada ? ' (editada)' : ''}${m.apagada ? ' (apagada)' : ''}${m.reagindoA ? ' (ligada)' : ''} ${m.status}`,
  );
}

/** What the staff are told while `fn` runs: each message's realtime kind and text, and statuses. */
async function told(t: TestApp, fn: () => Promise<void>) {
  const seen: string[] = [];
  await whilePublishing(
    t.ctx,
    {
      messages: (_a, row, msgs, masterId) => {
        for (const m of msgs) seen.push(`${presentRealtimeMessage(m, row, masterId).type} ${m.conteudo}`);
      },
      status: (_a, _row, u) => seen.push(`status ${u.status}`),
    },
    fn,
  );
  return seen;
}

/** How many customer messages were timed from their arrival to their broadcast, under a `canal` label. */
async function timed(canal: string) {
  const { values } = await registry.getSingleMetric('balcao_entrada_ate_socket_seconds')!.get();
  const count = values.find(
    (v) => (v as { metricName?: string }).metricName === 'balcao_entrada_ate_socket_seconds_count' && v.labels.canal === canal,
  );
  return count?.value ?? 0;
}

function contract(make: () => Promise<{ t: TestApp; d: Driven }>) {
  it('times each new customer message once, from its arrival to its broadcast, under its channel type', async () => {
    const { t, d } = await make();
    const before = await timed(d.rotulo);
    const seen = await told(t, async () => {
      await d.texts([{ who: 'a', id: 'tempo.1', texto: 'oi' }, 'malformado', { who: 'b', id: 'tempo.2', texto: 'olá' }]);
      await d.texts([{ who: 'a', id: 'tempo.1', texto: 'oi' }]);
    });
    expect(seen).toEqual(['text oi', 'text olá']);
    expect((await timed(d.rotulo)) - before).toBe(2);
  });

  it('stores a duplicate once and tells it once', async () => {
    const { t, d } = await make();
    const seen = await told(t, async () => {
      await d.texts([{ who: 'a', id: 'dup.1', texto: 'oi' }]);
      await d.texts([{ who: 'a', id: 'dup.1', texto: 'oi' }]);
    });
    expect(await stored(t, d)).toEqual(['cliente text oi sent']);
    expect(seen).toEqual(['text oi']);
  });

  it('lands every good event around a malformed one, and counts the malformed one', async () => {
    const { t, d } = await make();
    const before = await failuresOf(t, d.canalId);
    const seen = await told(t, () =>
      d.texts([{ who: 'a', id: 'bom.1', texto: 'um' }, 'malformado', { who: 'b', id: 'bom.2', texto: 'dois' }]),
    );
    expect(await stored(t, d)).toEqual(['cliente text um sent', 'cliente text dois sent']);
    expect(seen).toEqual(['text um', 'text dois']);
    expect(await failuresOf(t, d.canalId)).toBe(before + (d.countsFailures ? 1 : 0));
  });

  it('moves statuses only forward, whatever order they come in', async (ctx) => {
    const { t, d } = await make();
    if (!d.status) return ctx.skip();
    await d.texts([{ who: 'a', id: 'st.1', texto: 'oi' }]);
    await businessMessage(t, d, 'saida.1');
    const seen = await told(t, async () => {
      await d.status!('saida.1', 'read');
      await d.status!('saida.1', 'delivered');
    });
    expect(await stored(t, d)).toEqual(['cliente text oi sent', 'atendente text resposta read']);
    expect(seen).toEqual(['status read']);
  });

  it("leaves someone else's message as it is: no edit, no deletion; the author's own edit applies", async (ctx) => {
    const { t, d } = await make();
    if (!d.edit || !d.revoke) return ctx.skip();
    await d.texts([{ who: 'a', id: 'ed.a', texto: 'oi' }]);
    await d.texts([{ who: 'b', id: 'ed.b', texto: 'olá' }]);
    const seen = await told(t, async () => {
      await d.edit!('b', 'ed.a', 'invadido');
      await d.revoke!('b', 'ed.a');
      await d.edit!('a', 'ed.a', 'oi!');
    });
    expect(await stored(t, d)).toEqual(['cliente text oi! (editada) sent', 'cliente text olá sent']);
    expect(seen).toEqual(['edited oi!']);
  });

  it("links a reaction only inside the customer's conversation, and removes only the customer's own", async (ctx) => {
    const { t, d } = await make();
    if (!d.react) return ctx.skip();
    await d.texts([{ who: 'a', id: 're.a', texto: 'oi' }]);
    await d.texts([{ who: 'b', id: 're.b', texto: 'olá' }]);
    const seen = await told(t, async () => {
      await d.react!('b', 're.1', 're.a', '👍'); // b reacts to a's message: stored for b, linked to nothing
      await d.react!('a', 're.2', 're.a', '❤️');
      await d.react!('b', 're.3', 're.a', ''); // b's removal: a's reaction stays
    });
    expect(await stored(t, d)).toEqual([
      'cliente text oi sent',
      'cliente text olá sent',
      'cliente reaction 👍 (apagada) sent',
      'cliente reaction ❤️ (ligada) sent',
    ]);
    expect(seen).toEqual(['reaction 👍', 'reaction ❤️', 'deleted ']); // a deleted message is shown without its text
  });
}

describe.each(DB_KINDS)('inbound driver contract on %s', (kind) => {
  describe('WhatsApp Cloud API', () => {
    const s = whatsappTestApp(kind);
    contract(async () => ({ t: s.t, d: await cloudDriver(s.t) }));
  });
  describe('WhatsApp Web', () => {
    const h = wapiTestApp(kind);
    contract(async () => ({ t: h.t, d: await webDriver(h) }));
  });
  describe('widget and the minimal driver', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(() => t.close());
    describe('widget', () => contract(async () => ({ t, d: await widgetDriver(t) })));
    describe('minimal test driver', () => contract(async () => ({ t, d: await minimalDriver(t) })));
  });
});
