import { describe, expect, it, vi } from 'vitest';
import { ALTERACAO_TEXTS, type TConversasPage, type TMensagem, type TMensagensPage } from '@balcao/shared/atendimentos';
import type { TCapacidadesPorCanal } from '@balcao/shared/canais';
import { login } from '../../test/factories';
import { DB_KINDS } from '../../test/harness';
import { CUSTOMER_JID, customerText, pairAccount, wapiTestApp } from '../../test/wapi-kit';
import { wapiOf } from '../registry';
import { textOf } from '../../test/fake-whatsapp-web';

/** An attendant edits and deletes for everyone an answer already sent: stored, shown, and told to WhatsApp. */
describe.each(DB_KINDS)('WhatsApp Web edit and delete for everyone on %s', (kind) => {
  const h = wapiTestApp(kind);
  const idle = () => wapiOf(h.t.ctx).idle();

  it('sends the edit and the deletion under the original key, once; only the author, not twice, not empty', async () => {
    const p = await pairAccount(h);
    const as = (auth: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      h.t.app.inject({ method, url: `/backend/api/atendimento/${url}`, headers: auth, ...(payload ? { payload } : {}) });
    p.open.emit('messages.upsert', { type: 'notify', messages: [customerText('IN-ED-1', 'Qual o preço?')] });
    await idle();
    const c = ((await as(p.master.auth, 'GET', 'conversas?status=aguardando')).json() as TConversasPage).itens[0]!;
    expect((await as(p.master.auth, 'POST', `${c.atendimentoId}/aceitar`)).statusCode).toBe(200);
    // The inbox shows 'Editar' and 'Apagar para todos' only where the channel has edits: this one, not the widget's.
    const caps = (await as(p.master.auth, 'GET', 'capacidades')).json() as TCapacidadesPorCanal;
    expect(caps[c.canalId]?.edicoes).toBe(true);
    expect(Object.entries(caps).filter(([id, x]) => id !== c.canalId && x.edicoes)).toEqual([]);
    const send = async (clientId: string, conteudo: string) =>
      (
        await as(p.master.auth, 'POST', `${c.atendimentoId}/mensagens`, { clientId, atendimentoId: c.atendimentoId, conteudo })
      ).json() as TMensagem;
    const errado = await send('edit-0001', 'Custa R$ 10');
    const outra = await send('edit-0002', 'Frete grátis');
    await idle();
    const sentKey = (text: string) => {
      const sent = p.open.sent.find((s) => textOf(s.content) === text)!;
      return { remoteJid: CUSTOMER_JID, id: sent.id, fromMe: true };
    };
    const keyErrado = sentKey('Custa R$ 10');
    const keyOutra = sentKey('Frete grátis');

    const edited = await as(p.master.auth, 'PUT', `${c.atendimentoId}/mensagens/${errado.id}`, { conteudo: 'Custa R$ 12' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: errado.id, conteudo: 'Custa R$ 12', editada: true });
    const deleted = await as(p.master.auth, 'DELETE', `${c.atendimentoId}/mensagens/${outra.id}`);
    expect(deleted.json()).toMatchObject({ id: outra.id, apagada: true, conteudo: '' });
    await vi.waitFor(
      () => {
        expect(p.open.sent.map((s) => s.content)).toContainEqual({ text: 'Custa R$ 12', edit: keyErrado });
        expect(p.open.sent.map((s) => s.content)).toContainEqual({ delete: keyOutra });
      },
      { timeout: 10_000 },
    );
    const ms = ((await as(p.master.auth, 'GET', `${c.atendimentoId}/mensagens`)).json() as TMensagensPage).mensagens;
    expect(ms.find((m) => m.id === errado.id)).toMatchObject({ conteudo: 'Custa R$ 12', editada: true });
    expect(ms.find((m) => m.id === outra.id)?.apagada).toBe(true);
    // Told once: later passes of the queue send nothing more.
    const count = p.open.sent.length;
    h.t.ctx.channels!.outbox.kickAll();
    await idle();
    expect(p.open.sent.length).toBe(count);

    // Refusals: a deleted message again, the customer's message, someone else's, an empty text.
    const cliente = ms.find((m) => m.autor === 'cliente')!;
    expect((await as(p.master.auth, 'DELETE', `${c.atendimentoId}/mensagens/${outra.id}`)).json().message).toBe(ALTERACAO_TEXTS.jaApagada);
    expect((await as(p.master.auth, 'DELETE', `${c.atendimentoId}/mensagens/${cliente.id}`)).json().message).toBe(
      ALTERACAO_TEXTS.somenteSuas,
    );
    const admin = await login(h.t.app, (await p.acc.addUser('admin')).email);
    const r = await as(admin.auth, 'PUT', `${c.atendimentoId}/mensagens/${errado.id}`, { conteudo: 'outro' });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(ALTERACAO_TEXTS.somenteSuas);
    expect((await as(p.master.auth, 'PUT', `${c.atendimentoId}/mensagens/${errado.id}`, { conteudo: '  ' })).statusCode).toBe(400);
  });
});
