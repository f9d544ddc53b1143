import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TConversasPage } from '@balcao/shared/atendimentos';
import { whatsappOf } from '../../channels/registry';
import { storeEvent } from '../../channels/whatsapp-cloud/webhook';
import { mensagens } from '../../db/schema/atendimentos';
import type { FakeGraph } from '../../test/fake-graph';
import type { TestApp } from '../../test/harness';
import { newWhatsAppChannel } from '../../test/whatsapp-channel';

/** A new account's WhatsApp number whose customers write through signed Meta deliveries. */
export async function loja(t: TestApp, graph: FakeGraph) {
  const { acc, master, canal, pnid } = await newWhatsAppChannel(t, { phoneNumberId: graph.newNumber() });
  const target = { id: canal.id, accountId: acc.account.id };
  let n = 0;
  const escreve = async (de: string, texto: string) => {
    n += 1;
    const value = {
      metadata: { phone_number_id: pnid },
      contacts: [{ wa_id: de, profile: { name: `Cliente ${de.slice(-4)}` } }],
      messages: [
        { from: de, id: `wamid.${canal.id}.${n}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: texto } },
      ],
    };
    const body = { object: 'whatsapp_business_account', entry: [{ id: `e${n}`, changes: [{ field: 'messages', value }] }] };
    const row = await storeEvent(t.ctx.db, target, Buffer.from(JSON.stringify(body)));
    whatsappOf(t.ctx).processor.take(row ? [row] : []);
    await whatsappOf(t.ctx).idle();
    await t.ctx.channels!.outbox.idle();
  };
  const call = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const r = await t.app.inject({ method, url, headers: master.auth, payload });
    expect(r.statusCode, r.body).toBeLessThan(300);
    return r.json();
  };
  const linhas = async (numeroFim: string) => {
    const page = (await call('GET', '/backend/api/atendimento/conversas?status=aguardando')) as TConversasPage;
    const row = page.itens.find((i) => i.numero.endsWith(numeroFim));
    if (!row) return { row: undefined, msgs: [] as (typeof mensagens.$inferSelect)[] };
    const msgs = await t.ctx.db.select().from(mensagens).where(eq(mensagens.atendimentoId, row.atendimentoId)).orderBy(asc(mensagens.seq));
    return { row, msgs };
  };
  return { acc, master, canal, escreve, call, linhas };
}

/** How many sends to Meta carried this text. */
export const sentTo = (graph: FakeGraph, texto: string) =>
  graph.sends().filter((c) => JSON.stringify(c.body ?? {}).includes(JSON.stringify(texto).slice(1, -1))).length;
