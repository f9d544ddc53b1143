import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { WHATSAPP_TEXTS } from '@balcao/shared/canais';
import { atendimentos, clientes, mensagens } from '../../db/schema/atendimentos';
import { waVector } from '../../test/fake-graph';
import { DB_KINDS } from '../../test/harness';
import { whilePublishing } from '../../test/publisher-spy';
import { FAKE_WA_SECRET, newWhatsAppChannel, whatsappTestApp } from '../../test/whatsapp-channel';
import { whatsappOf } from '../registry';

type Value = { metadata: Record<string, string>; contacts?: Record<string, unknown>[]; messages: Record<string, unknown>[] };
/** A 2026 vector for number `pnid`, its message and contact changed, sent now. */
function delivery(file: string, pnid: string, message: Record<string, unknown>, contact: Record<string, unknown>) {
  const v = waVector<{ entry: { changes: { value: Value }[] }[] }>(`2026/${file}`);
  const value = v.entry[0]!.changes[0]!.value;
  value.metadata = { display_phone_number: '5511940001234', phone_number_id: pnid };
  if (value.contacts?.[0]) Object.assign(value.contacts[0], contact);
  Object.assign(value.messages[0]!, { timestamp: String(Math.floor(Date.now() / 1000)), ...message });
  return Buffer.from(JSON.stringify(v));
}

describe.each(DB_KINDS)('WhatsApp: a customer known by phone and/or BSUID on %s', (kind) => {
  const app = whatsappTestApp(kind);

  async function channel() {
    const c = await newWhatsAppChannel(app.t, { phoneNumberId: app.graph.newNumber() });
    const deliver = async (raw: Buffer) => {
      const res = await app.t.app.inject({
        method: 'POST',
        url: `/backend/webhooks/whatsapp/${c.canal.token}`,
        payload: raw,
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': `sha256=${createHmac('sha256', FAKE_WA_SECRET).update(raw).digest('hex')}`,
        },
      });
      expect(res.statusCode).toBe(200);
      await whatsappOf(app.t.ctx).idle();
    };
    const customers = () => app.t.ctx.db.select().from(clientes).where(eq(clientes.accountId, c.acc.account.id));
    return { ...c, deliver, customers };
  }

  it('creates a BSUID-only customer (the username when there is no name), answers by recipient, and joins the phone when both come', async () => {
    const c = await channel();
    const bsuid = 'BR.1502576394655843';
    await c.deliver(delivery('bsuid_only_text.json', c.pnid, { id: 'wamid.bsuid.1' }, { profile: { username: '@sheila.loja' } }));
    const [only] = await c.customers();
    expect(only).toMatchObject({ nome: '@sheila.loja', numero: null, bsuid });

    // Answered through `recipient`, with no `to` (Meta's rule for a user known only by the BSUID).
    const [open] = await app.t.ctx.db.select().from(atendimentos).where(eq(atendimentos.clienteId, only!.id));
    expect(
      (await app.t.app.inject({ method: 'POST', url: `/backend/api/atendimento/${open!.id}/aceitar`, headers: c.master.auth })).statusCode,
    ).toBe(200);
    const conteudo = 'Olá, Sheila!';
    const sent = await app.t.app.inject({
      method: 'POST',
      url: `/backend/api/atendimento/${open!.id}/mensagens`,
      headers: c.master.auth,
      payload: { clientId: 'bsuid-resposta-1', atendimentoId: open!.id, conteudo },
    });
    expect(sent.statusCode).toBeLessThan(300);
    const call = await vi.waitFor(
      () => {
        const found = app.graph.sends().find((x) => (x.body?.text as { body?: string } | undefined)?.body === conteudo);
        if (!found) throw new Error('a resposta ainda não chegou ao Graph API');
        return found.body;
      },
      { timeout: 10_000 },
    );
    expect(call).toMatchObject({ recipient: bsuid });
    expect(call).not.toHaveProperty('to');

    // Both ids in a later message: the two are one customer (the phone's), with the conversation.
    await c.deliver(
      delivery('bsuid_with_phone.json', c.pnid, { id: 'wamid.bsuid.2', from: '5511987650015', from_user_id: bsuid }, { user_id: bsuid }),
    );
    const after = await c.customers();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ numero: '+5511987650015', bsuid, identificador: 'whatsapp:5511987650015' });
    const lines = await app.t.ctx.db.select().from(mensagens).where(eq(mensagens.accountId, c.acc.account.id));
    const mine = await app.t.ctx.db.select().from(atendimentos).where(eq(atendimentos.clienteId, after[0]!.id));
    expect(new Set(lines.map((l) => l.atendimentoId))).toEqual(new Set(mine.map((a) => a.id)));

    // Only the BSUID again (the user hid the number): the same customer.
    await c.deliver(delivery('bsuid_only_text.json', c.pnid, { id: 'wamid.bsuid.3' }, {}));
    expect((await c.customers()).map((x) => x.id)).toEqual([after[0]!.id]);
  });

  it('knows a Brazilian mobile with and without the ninth digit as one customer (typed and from the webhook)', async () => {
    const c = await channel();
    const typed = await app.t.app.inject({
      method: 'POST',
      url: '/backend/api/clientes',
      headers: c.master.auth,
      payload: { nome: 'Rosa', numero: '+55 92 98172-3241' },
    });
    expect(typed.statusCode).toBe(201);
    await c.deliver(
      delivery(
        'bsuid_with_phone.json',
        c.pnid,
        { id: 'wamid.nono.1', from: '559281723241', from_user_id: 'BR.55501' },
        { wa_id: '559281723241', user_id: 'BR.55501' },
      ),
    );
    const [one, ...others] = await c.customers();
    expect(others).toEqual([]);
    expect(one).toMatchObject({ id: typed.json().id, numero: '+5592981723241' });
    const [line] = await app.t.ctx.db
      .select()
      .from(mensagens)
      .where(and(eq(mensagens.accountId, c.acc.account.id), eq(mensagens.externalId, 'wamid.nono.1')));
    expect(line).toBeTruthy();
  });

  it('shows a Flow answer as its fields, moves a customer who changed numbers, and files no welcome request or group message', async () => {
    const c = await channel();
    const lines = () => app.t.ctx.db.select().from(mensagens).where(eq(mensagens.accountId, c.acc.account.id));
    await c.deliver(delivery('flow_nfm_reply.json', c.pnid, { id: 'wamid.tipos.flow' }, {}));
    expect((await lines()).map((l) => l.conteudo)).toEqual(['nome: Fabi\nassunto: troca']);

    await c.deliver(delivery('request_welcome.json', c.pnid, { id: 'wamid.tipos.welcome' }, {}));
    await c.deliver(delivery('flow_nfm_reply.json', c.pnid, { id: 'wamid.tipos.grupo', group_id: 'grupo-1', from: '5511987650099' }, {}));
    expect(await lines()).toHaveLength(1);
    expect((await c.customers()).map((x) => x.numero)).toEqual(['+5511987650010']);

    const moved = {
      id: 'wamid.tipos.numero',
      from: '5511987650010',
      system: { type: 'user_changed_number', wa_id: '5511987659999', body: 'x' },
    };
    await c.deliver(delivery('system_changed_number.json', c.pnid, moved, {}));
    const [cliente, ...others] = await c.customers();
    expect(others).toEqual([]);
    expect(cliente).toMatchObject({ numero: '+5511987659999', identificador: 'whatsapp:5511987659999' });
    const last = (await lines()).find((l) => l.externalId === 'wamid.tipos.numero');
    expect(last).toMatchObject({ autor: 'sistema', conteudo: WHATSAPP_TEXTS.trocouDeNumero('+5511987659999') });
  });

  it('keeps the ad a customer clicked (referral) on the conversation', async () => {
    const c = await channel();
    const referral = { source_url: 'https://fb.me/anuncio-1', headline: 'Promoção de verão', body: 'Só hoje', source_type: 'ad' };
    const shown: unknown[] = [];
    await whilePublishing(app.t.ctx, { row: (_, row) => shown.push(row.anuncio) }, () =>
      c.deliver(
        delivery('bsuid_with_phone.json', c.pnid, { id: 'wamid.anuncio.1', from: '5511987650077', referral }, { wa_id: '5511987650077' }),
      ),
    );
    // The live row of the new conversation already names the ad (the list shows it without a reload).
    expect(shown).toEqual([{ titulo: 'Promoção de verão', url: 'https://fb.me/anuncio-1' }]);
    const page = (
      await app.t.app.inject({ method: 'GET', url: '/backend/api/atendimento/conversas?status=aguardando', headers: c.master.auth })
    ).json() as {
      itens: { anuncio?: unknown }[];
    };
    expect(page.itens[0]?.anuncio).toEqual({ titulo: 'Promoção de verão', url: 'https://fb.me/anuncio-1' });
  });
});
