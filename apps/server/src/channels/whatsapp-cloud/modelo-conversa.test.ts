import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TConversasPage, TMensagem, TMensagensPage } from '@balcao/shared/atendimentos';
import { FORA_DA_JANELA } from '@balcao/shared/canais';
import { atendimentos } from '../../db/schema/atendimentos';
import { approvedTemplate } from '../../test/fake-graph';
import { DB_KINDS } from '../../test/harness';
import { newWhatsAppChannel, signWebhook, textWebhook, whatsappTestApp } from '../../test/whatsapp-channel';
import { whatsappOf } from '../registry';

/** The composer's template path: once the 24-hour window closed, an approved template goes out from the conversation. */
describe.each(DB_KINDS)('WhatsApp: a template sent from an open conversation on %s', (kind) => {
  const s = whatsappTestApp(kind);

  it('lists the channel’s approved templates, refuses free text outside the window and sends the template (type: template)', async () => {
    const { t, graph } = s;
    const { master, canal, pnid } = await newWhatsAppChannel(t, { phoneNumberId: graph.newNumber() });
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: master.auth, ...(payload ? { payload } : {}) });
    const raw = textWebhook(pnid);
    const hook = await t.app.inject({
      method: 'POST',
      url: `/backend/webhooks/whatsapp/${canal.token}`,
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(raw) },
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
