import { createHmac, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TConversasPage, TMensagem, TMensagensPage } from '@balcao/shared/atendimentos';
import { FORA_DA_JANELA } from '@balcao/shared/canais';
import { atendimentos } from '../../db/schema/atendimentos';
import { approvedTemplate } from '../../test/fake-graph';
import { DB_KINDS } from '../../test/harness';
import { FAKE_WA_SECRET, newWhatsAppChannel, whatsappTestApp } from '../../test/whatsapp-channel';
import { whatsappOf } from '../registry';

const sign = (raw: Buffer) => `sha256=${createHmac('sha256', FAKE_WA_SECRET).update(raw).digest('hex')}`;
const textFrom = (pnid: string) =>
  Buffer.from(
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '5511999990000', phone_number_id: pnid },
                contacts: [{ wa_id: '5511987650001', profile: { name: 'Joana' } }],
                messages: [
                  {
                    from: '5511987650001',
                    id: `wamid.${randomUUID()}`,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'text',
                    text: { body: 'oi' },
                  },
                ],
              },
            },
          ],
        },
      ],
    }),
  );

/** The composer's template path: once the 24-hour window closed, an approved template goes out from the conversation. */
describe.each(DB_KINDS)('WhatsApp: a template sent from an open conversation on %s', (kind) => {
  const s = whatsappTestApp(kind);

  it('lists the channel’s approved templates, refuses free text outside the window and sends the template (type: template)', async () => {
    const { t, graph } = s;
    const { master, canal, pnid } = await newWhatsAppChannel(t, { phoneNumberId: graph.newNumber() });
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: master.auth, ...(payload ? { payload } : {}) });
    const raw = textFrom(pnid);
    const hook = await t.app.inject({
      method: 'POST',
      url: `/backend/webhooks/whatsapp/${canal.token}`,
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(raw) },
    });
    expect(hook.statusCode).toBe(200);
    await whatsappOf(t.ctx).idle();
    const [c] = ((await call('GET', '/backend/api/atendimento/conversas?status=aguardando')).json() as TConversasPage).itens;
    const id = c!.atendimentoId;
    expect((await call('POST', `/backend/api/atendimento/${id}/aceitar`)).statusCode).toBe(200);
    await whatsappOf(t.ctx).idle();
    // A day and more since the customer wrote: the window is closed.
    await t.ctx.db.update(atendimentos).set({ clienteEscreveuEm: sql`now() - interval '25 hours'` }).where(eq(atendimentos.id, id));
    graph.templates = [
      approvedTemplate('retomar', 'Olá {{1}}, podemos continuar?'),
      { name: 'rascunho', language: 'pt_BR', status: 'PENDING', components: [{ type: 'BODY', text: 'x' }] },
    ];
    expect((await call('GET', `/backend/api/atendimento/${id}/modelos`)).json()).toEqual([
      { nome: 'retomar', idioma: 'pt_BR', categoria: 'UTILITY', corpo: 'Olá {{1}}, podemos continuar?', variaveis: 1 },
    ]);

    const livre = await call('POST', `/backend/api/atendimento/${id}/mensagens`, {
      atendimentoId: id,
      clientId: randomUUID(),
      conteudo: 'Oi?',
    });
    expect(livre.statusCode).toBe(409);
    expect(livre.json().code).toBe(FORA_DA_JANELA);

    const modelo = { nome: 'retomar', idioma: 'pt_BR', variaveis: ['Joana'] };
    const r = await call('POST', `/backend/api/atendimento/${id}/mensagens`, {
      atendimentoId: id,
      clientId: randomUUID(),
      conteudo: 'Olá Joana, podemos continuar?',
      modelo,
    });
    expect(r.statusCode, r.body).toBe(201);
    await whatsappOf(t.ctx).idle();
    expect(graph.sends().at(-1)!.body).toMatchObject({
      type: 'template',
      template: {
        name: 'retomar',
        language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Joana' }] }],
      },
    });
    const ms = ((await call('GET', `/backend/api/atendimento/${id}/mensagens`)).json() as TMensagensPage).mensagens;
    expect(ms.at(-1)).toMatchObject<Partial<TMensagem>>({ autor: 'atendente', conteudo: 'Olá Joana, podemos continuar?', status: 'sent' });
  });
});
