import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TCanalWhatsApp, WHATSAPP_TEXTS } from '@balcao/shared/canais';
import { mensagens } from '../../db/schema/atendimentos';
import { whatsappEventos } from '../../db/schema/whatsapp';
import { waVector } from '../../test/fake-graph';
import { DB_KINDS } from '../../test/harness';
import { newWhatsAppChannel, whatsappTestApp } from '../../test/whatsapp-channel';
import { whatsappOf } from '../registry';

type Vec = { entry: { changes: { value: { metadata: Record<string, string>; messages: Record<string, unknown>[] } }[] }[] };
/** Meta's text vector for number `pnid`, with its own wamid. */
function delivery(pnid: string, wamid: string) {
  const v = waVector<Vec>('incoming_text.json');
  const value = v.entry[0]!.changes[0]!.value;
  value.metadata = { display_phone_number: '5511999990000', phone_number_id: pnid };
  Object.assign(value.messages[0]!, { id: wamid, timestamp: String(Math.floor(Date.now() / 1000)) });
  return Buffer.from(JSON.stringify(v));
}
const sign = (raw: Buffer, secret: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

describe.each(DB_KINDS)('WhatsApp: deliveries filed by their number on %s', (kind) => {
  const app = whatsappTestApp(kind);
  const post = (token: string, raw: Buffer, secret: string) =>
    app.t.app.inject({
      method: 'POST',
      url: `/backend/webhooks/whatsapp/${token}`,
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(raw, secret) },
    });
  const messagesOf = (accountId: string) => app.t.ctx.db.select().from(mensagens).where(eq(mensagens.accountId, accountId));

  it("files a delivery under its number's channel whatever URL it reached, if signed with that channel's secret", async () => {
    const shared = 'SEGREDO_DO_APP';
    const a = await newWhatsAppChannel(app.t, { appSecret: shared });
    const b = await newWhatsAppChannel(app.t, { appSecret: shared });
    const alone = await newWhatsAppChannel(app.t, { appSecret: 'OUTRO_APP' });

    expect((await post(a.canal.token, delivery(b.pnid, 'wamid.rota.b'), shared)).statusCode).toBe(200);
    await whatsappOf(app.t.ctx).idle();
    expect((await messagesOf(b.acc.account.id)).map((m) => m.externalId)).toEqual(['wamid.rota.b']);
    expect(await messagesOf(a.acc.account.id)).toEqual([]);

    // Another app's secret cannot file a delivery under a number it does not serve.
    expect((await post(alone.canal.token, delivery(b.pnid, 'wamid.rota.intruso'), 'OUTRO_APP')).statusCode).toBe(401);
    expect((await messagesOf(b.acc.account.id)).map((m) => m.externalId)).toEqual(['wamid.rota.b']);
  });

  it('stores a delivery for an unknown number and tells the admins, filing it nowhere', async () => {
    const a = await newWhatsAppChannel(app.t, { appSecret: 'SEGREDO_UM' });
    expect((await post(a.canal.token, delivery('9999000011112', 'wamid.rota.ninguem'), 'SEGREDO_UM')).statusCode).toBe(200);
    await whatsappOf(app.t.ctx).idle();
    expect(await messagesOf(a.acc.account.id)).toEqual([]);
    const [evento] = await app.t.ctx.db.select().from(whatsappEventos).where(eq(whatsappEventos.canalId, a.canal.id));
    expect(evento?.processadoEm).not.toBeNull();
    expect(evento?.erro).toBe(WHATSAPP_TEXTS.numeroDeOutroCanal('9999000011112'));
    const [card] = (
      await app.t.app.inject({ method: 'GET', url: '/backend/api/canais/whatsapp', headers: a.master.auth })
    ).json() as TCanalWhatsApp[];
    expect(card).toMatchObject({ entregasComFalha: 1 });
    expect(card!.ultimoErroWebhook).toContain('9999000011112');
  });

  it('gives one number to one channel in the whole installation: 409 on create and on edit', async () => {
    const a = await newWhatsAppChannel(app.t);
    const b = await newWhatsAppChannel(app.t);
    const input = {
      nome: 'Dup',
      phoneNumberId: a.pnid,
      wabaId: '123456',
      accessToken: 'EAAoutro-token',
      appSecret: 'outro-segredo',
      verifyToken: 'vibecoding',
    };
    const created = await app.t.app.inject({ method: 'POST', url: '/backend/api/canais/whatsapp', headers: b.master.auth, payload: input });
    expect([created.statusCode, created.json().message]).toEqual([409, WHATSAPP_TEXTS.numeroEmUso]);
    const edited = await app.t.app.inject({
      method: 'PUT',
      url: `/backend/api/canais/${b.canal.id}`,
      headers: b.master.auth,
      payload: { ...input, ativo: true },
    });
    expect([edited.statusCode, edited.json().message]).toEqual([409, WHATSAPP_TEXTS.numeroEmUso]);
    // A removed channel's number is free again.
    await app.t.app.inject({ method: 'DELETE', url: `/backend/api/canais/${a.canal.id}`, headers: a.master.auth });
    const again = await app.t.app.inject({ method: 'POST', url: '/backend/api/canais/whatsapp', headers: b.master.auth, payload: input });
    expect(again.statusCode).toBe(201);
  });
});
