import { describe, expect, it } from 'vitest';
import type { TAtendimento } from '@balcao/shared/atendimentos';
import { EXIBICAO_PROVEDOR } from '@balcao/shared/canais';
import type { TNovaConversaOpcoes } from '@balcao/shared/nova-conversa';
import { wapiOf } from '../../channels/registry';
import { DB_KINDS } from '../../test/harness';
import { pairAccount, wapiTestApp } from '../../test/wapi-kit';

/** 'Nova conversa' offers every channel that can write first, by capability: a WhatsApp Web number too. */
describe.each(DB_KINDS)("'Nova conversa' on WhatsApp Web on %s", (kind) => {
  const h = wapiTestApp(kind);

  it('writes first from the paired phone without a template (no window), and the site chat is never offered', async () => {
    const p = await pairAccount(h);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      h.t.app.inject({ method, url, headers: p.master.auth, ...(payload ? { payload } : {}) });
    expect((await call('POST', '/backend/api/canais/widget', { nome: 'Site', origensPermitidas: ['https://loja.test'] })).statusCode).toBe(
      201,
    );
    const digits = `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

    const op = (await call('GET', `/backend/api/atendimento/nova-conversa/opcoes?numero=%2B${digits}`)).json() as TNovaConversaOpcoes;
    expect(op).toMatchObject({
      canalId: p.canalId,
      canais: [{ id: p.canalId, nome: 'WhatsApp Web', rotulo: EXIBICAO_PROVEDOR.wapi.rotulo }],
      clienteId: null,
      dentroDaJanela: true,
      modelos: [],
    });
    const r = await call('POST', '/backend/api/atendimento/nova-conversa', { numero: `+${digits}`, canalId: p.canalId, conteudo: 'Olá!' });
    expect(r.statusCode, r.body).toBe(201);
    await wapiOf(h.t.ctx).idle();
    expect(p.open.sent.map((x) => [x.jid, (x.content as { text?: string }).text])).toEqual([[`${digits}@s.whatsapp.net`, 'Olá!']]);
    const a = (await call('GET', `/backend/api/atendimento/${r.json().atendimentoId}`)).json() as TAtendimento;
    expect(a).toMatchObject({ origem: 'whatsapp', canalId: p.canalId, status: 'em_atendimento', janela: null });

    // A channel chosen that cannot write first is refused with a clear message.
    const site = (await call('GET', '/backend/api/canais')).json() as { id: string }[];
    const naoInicia = await call('GET', `/backend/api/atendimento/nova-conversa/opcoes?numero=%2B${digits}&canalId=${site[0]!.id}`);
    expect(naoInicia.statusCode).toBe(404);
    expect(naoInicia.json().message).toBe('Este canal não está disponível para iniciar conversas: escolha outro.');
    // WhatsApp Web has no settings edited through the generic channel route.
    const put = await call('PUT', `/backend/api/canais/${p.canalId}`, { nome: 'Outro' });
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBe('Este canal não tem configurações para editar aqui.');
  });
});
