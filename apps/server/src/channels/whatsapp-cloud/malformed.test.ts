import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TCanalWhatsApp, WHATSAPP_TEXTS } from '@balcao/shared/canais';
import type { TOperadorEntregaFalha } from '@balcao/shared/operador';
import { mensagens } from '../../db/schema/atendimentos';
import { whatsappEventos } from '../../db/schema/whatsapp';
import { waVector } from '../../test/fake-graph';
import { DB_KINDS } from '../../test/harness';
import { newWhatsAppChannel, whatsappTestApp } from '../../test/whatsapp-channel';
import { whatsappOf } from '../registry';
import { storeEvent } from './webhook';

const OPERATOR = 'operador-entregas-0123456789';
type Vec = { entry: { changes: { value: { contacts: unknown[]; messages: unknown[]; metadata: Record<string, string> } }[] }[] };
/** A delivery of Meta's text vector for `pnid` holding these messages (well-formed or not). */
function delivery(pnid: string, messages: unknown[]) {
  const v = waVector<Vec>('incoming_text.json');
  const value = v.entry[0]!.changes[0]!.value;
  value.metadata = { display_phone_number: '5511999990000', phone_number_id: pnid };
  value.messages = messages;
  return Buffer.from(JSON.stringify(v));
}
const text = (from: string, id: string, body: string) => ({
  from,
  id,
  timestamp: String(Math.floor(Date.now() / 1000)),
  type: 'text',
  text: { body },
});

describe.each(DB_KINDS)('WhatsApp: a malformed delivery or event among good ones on %s', (kind) => {
  const s = whatsappTestApp(kind, { operatorToken: OPERATOR });

  async function newChannel() {
    const { t } = s;
    const { acc, master, canal, pnid } = await newWhatsAppChannel(t);
    const card = async () =>
      ((await t.app.inject({ method: 'GET', url: '/backend/api/canais/whatsapp', headers: master.auth })).json() as TCanalWhatsApp[])[0]!;
    return { id: canal.id, accountId: acc.account.id, pnid, card };
  }

  it('lands every good message of the claimed batch, stores the bad ones as failed with their reason, and never retries them', async () => {
    const { t } = s;
    const a = await newChannel();
    const b = await newChannel();
    await whatsappOf(t.ctx).idle();
    const good = Array.from({ length: 6 }, (_, i) => delivery(b.pnid, [text(`55119000010${i}`, `wamid.bom.${b.id}.${i}`, `oi ${i}`)]));
    const envelope = Buffer.from(JSON.stringify({ object: 'whatsapp_business_account', entry: {} }));
    const notJson = Buffer.from('{"entry": [');
    // One event without its id among a good one: the good one lands, the delivery keeps the reason.
    const oneBad = delivery(a.pnid, [
      { from: '5511900009999', type: 'text', text: { body: 'sem id' } },
      text('5511900009998', `wamid.a.${a.id}`, 'ok'),
    ]);
    const rows = [
      ...(await Promise.all(good.slice(0, 3).map((raw) => storeEvent(t.ctx.db, b, raw)))),
      await storeEvent(t.ctx.db, a, envelope),
      await storeEvent(t.ctx.db, a, notJson),
      await storeEvent(t.ctx.db, a, oneBad),
      ...(await Promise.all(good.slice(3).map((raw) => storeEvent(t.ctx.db, b, raw)))),
    ];
    // One claimed batch, as a sweep or a restart takes them.
    whatsappOf(t.ctx).processor.take(rows.filter((e) => e !== null));
    await whatsappOf(t.ctx).idle();

    const landed = await t.ctx.db.select().from(mensagens).where(eq(mensagens.accountId, b.accountId));
    expect(landed.map((m) => m.conteudo).sort()).toEqual(['oi 0', 'oi 1', 'oi 2', 'oi 3', 'oi 4', 'oi 5']);
    const [ok] = await t.ctx.db
      .select()
      .from(mensagens)
      .where(eq(mensagens.externalId, `wamid.a.${a.id}`));
    expect(ok?.conteudo).toBe('ok');

    const eventos = await t.ctx.db
      .select()
      .from(whatsappEventos)
      .where(inArray(whatsappEventos.canalId, [a.id, b.id]));
    expect(eventos.every((e) => e.processadoEm !== null && e.processandoAte === null)).toBe(true);
    const erros = eventos.flatMap((e) => (e.erro ? [e.erro] : [])).sort();
    expect(erros).toHaveLength(3);
    expect(erros).toEqual(
      expect.arrayContaining(['corpo: não é JSON', expect.stringMatching(/^entry: /), expect.stringMatching(/^messages\.0\.id: /)]),
    );

    // The account's admins see it on the channel's card; the operator lists it.
    const card = await a.card();
    expect(card.entregasComFalha).toBe(3);
    expect(card.ultimoErroWebhook?.startsWith(WHATSAPP_TEXTS.entregaRecusada)).toBe(true);
    expect((await b.card()).entregasComFalha).toBe(0);
    const res = await t.app.inject({
      method: 'GET',
      url: '/backend/operador/whatsapp/entregas-com-falha',
      headers: { authorization: `Bearer ${OPERATOR}` },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as TOperadorEntregaFalha[]).filter((f) => f.canalId === a.id)).toHaveLength(3);

    // A sweep finds nothing left to claim (nothing blocks it, nothing is retried).
    whatsappOf(t.ctx).processor.kick();
    await whatsappOf(t.ctx).idle();
    const after = await t.ctx.db
      .select()
      .from(whatsappEventos)
      .where(inArray(whatsappEventos.canalId, [a.id, b.id]));
    expect(after.map((e) => e.tentativas).sort()).toEqual(eventos.map((e) => e.tentativas).sort());
  });
});
