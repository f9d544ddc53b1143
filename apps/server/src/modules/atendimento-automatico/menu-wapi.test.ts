import { describe, expect, it } from 'vitest';
import { textoDoMenu, type TCanalComMenu } from '@balcao/shared/atendimento-automatico';
import type { TConversasPage } from '@balcao/shared/atendimentos';
import { EXIBICAO_PROVEDOR } from '@balcao/shared/canais';
import { wapiOf } from '../../channels/registry';
import { login } from '../../test/factories';
import { DB_KINDS } from '../../test/harness';
import { customerText, pairAccount, wapiTestApp } from '../../test/wapi-kit';

const H = '/backend/api/atendimento-automatico';

/** The welcome menu on a WhatsApp Web number: offered in the channel picker, sent from the paired phone. */
describe.each(DB_KINDS)('welcome menu on WhatsApp Web on %s', (kind) => {
  const h = wapiTestApp(kind);
  const idle = async () => {
    await wapiOf(h.t.ctx).idle();
    await h.t.ctx.channels!.outbox.idle();
  };

  it('lists the paired number beside the other channels, and routes its customer by the menu', async () => {
    const p = await pairAccount(h);
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const r = await h.t.app.inject({ method, url, headers: p.master.auth, ...(payload ? { payload } : {}) });
      expect(r.statusCode, r.body).toBeLessThan(300);
      return r.json();
    };
    await call('POST', '/backend/api/canais/widget', { nome: 'Site', origensPermitidas: ['https://loja.test'] });
    const canais = (await call('GET', `${H}/canais`)) as TCanalComMenu[];
    expect(canais.map((c) => c.rotulo).sort()).toEqual([EXIBICAO_PROVEDOR.wapi.rotulo, EXIBICAO_PROVEDOR.widget.rotulo].sort());
    expect(canais.find((c) => c.id === p.canalId)).toMatchObject({ rotulo: 'WhatsApp Web', ativo: true });

    const suporte = await p.acc.addDepartamento('Suporte');
    const menu = {
      ativo: true,
      saudacao: 'Olá! Escolha uma opção:',
      mensagemOpcaoInvalida: 'Não entendi.',
      tentativas: 2,
      opcoes: [{ numero: 1, texto: 'Suporte', departamentoId: suporte.id }],
    };
    await call('PUT', `${H}/menu/${p.canalId}`, menu);
    p.open.emit('messages.upsert', { type: 'notify', messages: [customerText('IN-MENU-1', 'oi')] });
    await idle();
    expect(p.open.texts).toContain(textoDoMenu(menu));
    p.open.emit('messages.upsert', { type: 'notify', messages: [customerText('IN-MENU-2', '1')] });
    await idle();
    const [row] = ((await call('GET', '/backend/api/atendimento/conversas?status=aguardando')) as TConversasPage).itens;
    expect(row).toMatchObject({ departamentoId: suporte.id, departamentoNome: 'Suporte' });
  });

  it("lists another account's channels never, and refuses an attendant", async () => {
    const p = await pairAccount(h);
    const q = await pairAccount(h);
    const r = await h.t.app.inject({ method: 'GET', url: `${H}/canais`, headers: q.master.auth });
    expect((r.json() as TCanalComMenu[]).map((c) => c.id)).not.toContain(p.canalId);
    expect((r.json() as TCanalComMenu[]).map((c) => c.id)).toContain(q.canalId);
    const atendente = await login(h.t.app, (await p.acc.addUser('atendente')).email);
    expect((await h.t.app.inject({ method: 'GET', url: `${H}/canais`, headers: atendente.auth })).statusCode).toBe(403);
  });
});
