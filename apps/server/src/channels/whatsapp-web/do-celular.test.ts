import type { WAMessage } from 'baileys';
import { describe, expect, it } from 'vitest';
import type { TConversasPage, TMensagem, TMensagensPage } from '@balcao/shared/atendimentos';
import { DB_KINDS } from '../../test/harness';
import { businessText, customerText, pairAccount, wapiTestApp } from '../../test/wapi-kit';
import { wapiOf } from '../registry';
import { textOf } from '../../test/fake-whatsapp-web';

/** Replies typed on the paired phone join the conversation as the attendants' side, once each. */
describe.each(DB_KINDS)('WhatsApp Web messages sent from the phone on %s', (kind) => {
  const h = wapiTestApp(kind);
  const idle = () => wapiOf(h.t.ctx).idle();

  async function conversation() {
    const p = await pairAccount(h);
    const get = <T>(url: string) => h.t.app.inject({ method: 'GET', url, headers: p.master.auth }).then((r) => r.json() as T);
    p.open.emit('messages.upsert', { type: 'notify', messages: [customerText('IN-1', 'Vocês abrem sábado?')] });
    await idle();
    const [c] = (await get<TConversasPage>('/backend/api/atendimento/conversas?status=aguardando')).itens;
    const mensagens = async () => (await get<TMensagensPage>(`/backend/api/atendimento/${c!.atendimentoId}/mensagens`)).mensagens;
    return { ...p, atendimentoId: c!.atendimentoId, mensagens };
  }

  it('a reply typed on the phone (notify, then redelivered as append) shows once as the attendants’ side, already sent', async () => {
    const c = await conversation();
    c.open.emit('messages.upsert', { type: 'notify', messages: [businessText('3EB0PHONE1', 'Abrimos sim, das 8h às 12h.')] });
    await idle();
    c.open.emit('messages.upsert', { type: 'append', messages: [businessText('3EB0PHONE1', 'Abrimos sim, das 8h às 12h.')] });
    await idle();
    const ms = await c.mensagens();
    const mine = ms.filter((m) => m.conteudo === 'Abrimos sim, das 8h às 12h.');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ autor: 'atendente', status: 'sent' });
    // The customer keeps their own name (the business's pushName is not theirs), and nothing goes back out.
    expect(ms.find((m) => m.autor === 'cliente')?.conteudo).toBe('Vocês abrem sábado?');
    expect(c.open.texts).not.toContain('Abrimos sim, das 8h às 12h.');
    const [row] = (
      await h.t.app
        .inject({ method: 'GET', url: '/backend/api/atendimento/conversas?status=aguardando', headers: c.master.auth })
        .then((r) => r.json() as TConversasPage)
    ).itens;
    expect(row?.clienteNome).toBe('Cliente');
  });

  it('the echo of Balcão’s own send (even before the send returns) is not a second copy', async () => {
    const c = await conversation();
    const aceitar = `/backend/api/atendimento/${c.atendimentoId}/aceitar`;
    expect((await h.t.app.inject({ method: 'POST', url: aceitar, headers: c.master.auth })).statusCode).toBe(200);
    await idle();
    const send = c.open.sendMessage.bind(c.open);
    // WhatsApp echoes the send as a fromMe upsert while sendMessage is still running: handled before it returns.
    c.open.sendMessage = async (jid, content, options) => {
      const id = options?.messageId;
      expect(id).toBeTruthy();
      c.open.emit('messages.upsert', { type: 'append', messages: [businessText(id!, textOf(content) ?? '')] });
      await wapiOf(h.t.ctx).sessionOf(c.canalId)!.settled();
      await send(jid, content, options);
      return { key: { remoteJid: jid, fromMe: true, id } } as WAMessage;
    };
    const r = await h.t.app.inject({
      method: 'POST',
      url: `/backend/api/atendimento/${c.atendimentoId}/mensagens`,
      headers: c.master.auth,
      payload: { clientId: 'eco-0001', atendimentoId: c.atendimentoId, conteudo: 'Respondido pelo Balcão' },
    });
    expect(r.statusCode).toBe(201);
    await idle();
    const ms: TMensagem[] = await c.mensagens();
    const copies = ms.filter((m) => m.conteudo === 'Respondido pelo Balcão');
    expect(copies).toHaveLength(1);
    expect(copies[0]?.status).toBe('sent');
  });
});
