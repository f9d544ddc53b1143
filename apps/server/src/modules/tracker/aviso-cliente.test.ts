import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TConversasPage, TMensagensPage } from '@balcao/shared/atendimentos';
import { type TAtividade, type TTarefa, TRACKER_TEXTS as T, textoAvisoConcluida } from '@balcao/shared/tracker';
import { wapiOf } from '../../channels/registry';
import { canais } from '../../db/schema/atendimentos';
import { DB_KINDS } from '../../test/harness';
import { CUSTOMER_JID, customerText, pairAccount, wapiTestApp } from '../../test/wapi-kit';

const P = '/backend/api/tracker';

/** A bug a customer reported on WhatsApp becomes a task; on Concluída the customer is told in that conversation, once. */
describe.each(DB_KINDS)('the customer told when their task reaches Concluída, on %s', (kind) => {
  const h = wapiTestApp(kind);
  const idle = () => wapiOf(h.t.ctx).idle();

  async function setup(n: number) {
    const p = await pairAccount(h);
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      h.t.app.inject({ method, url, headers: p.master.auth, ...(payload ? { payload } : {}) });
    p.open.emit('messages.upsert', { type: 'notify', messages: [customerText(`IN-AV-${n}`, 'O boleto não abre no celular')] });
    await idle();
    const [c] = ((await call('GET', '/backend/api/atendimento/conversas?status=aguardando')).json() as TConversasPage).itens;
    const criar = async (body: Record<string, unknown>) => {
      const r = await call('POST', `${P}/tarefas`, { titulo: 'Boleto não abre', atendimentoId: c!.atendimentoId, ...body });
      expect(r.statusCode, r.body).toBe(201);
      return r.json() as TTarefa;
    };
    const mover = async (t: TTarefa, status: string) => {
      const r = await call('POST', `${P}/tarefas/${t.id}/mover`, { status, posicao: 0 });
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as TTarefa;
    };
    const atividade = async (t: TTarefa) => (await call('GET', `${P}/tarefas/${t.id}/atividade`)).json() as TAtividade[];
    const mensagens = async () =>
      ((await call('GET', `/backend/api/atendimento/${c!.atendimentoId}/mensagens`)).json() as TMensagensPage).mensagens;
    return { ...p, call, criar, mover, atividade, mensagens, atendimentoId: c!.atendimentoId };
  }

  it('opted in: the message goes out through the paired phone once, with the public link; moving it back and again sends nothing more', async () => {
    const s = await setup(1);
    const t = await s.criar({ notificarCliente: true });
    expect(t).toMatchObject({ notificarCliente: true, atendimentoId: s.atendimentoId });
    const pub = await s.call('POST', `${P}/tarefas/${t.id}/publicar`, { publica: true });
    const { publicUrl } = pub.json() as { publicUrl: string };
    await s.mover(t, 'em-andamento');
    await s.mover(t, 'concluida');
    await idle();
    const texto = textoAvisoConcluida(t, publicUrl);
    expect(texto).toContain(publicUrl);
    expect(s.open.sent.filter((x) => x.jid === CUSTOMER_JID).map((x) => (x.content as { text?: string }).text)).toEqual([texto]);
    const [aviso] = (await s.mensagens()).filter((m) => m.conteudo === texto);
    expect(aviso).toMatchObject({ autor: 'atendente', status: 'sent' });
    expect((await s.atividade(t)).find((a) => a.tipo === 'avisoCliente')).toMatchObject({
      dados: { enviado: true, atendimentoId: s.atendimentoId },
    });

    await s.mover(t, 'em-revisao');
    await s.mover(t, 'concluida');
    await idle();
    expect((await s.mensagens()).filter((m) => m.conteudo === texto)).toHaveLength(1);
    expect(s.open.sent.filter((x) => x.jid === CUSTOMER_JID)).toHaveLength(1);
    expect((await s.atividade(t)).filter((a) => a.tipo === 'avisoCliente')).toHaveLength(1);
  });

  it('not opted in: reaching Concluída writes nothing to the customer; a paused channel is logged as the reason', async () => {
    const s = await setup(2);
    const semAviso = await s.criar({});
    await s.mover(semAviso, 'concluida');
    expect((await s.mensagens()).filter((m) => m.autor !== 'cliente')).toEqual([]);
    expect((await s.atividade(semAviso)).some((a) => a.tipo === 'avisoCliente')).toBe(false);

    const pausado = await s.criar({ notificarCliente: true, titulo: 'Pix em dobro' });
    await h.t.ctx.db.update(canais).set({ ativo: false }).where(eq(canais.id, s.canalId));
    await s.mover(pausado, 'concluida');
    expect((await s.mensagens()).filter((m) => m.autor !== 'cliente')).toEqual([]);
    expect((await s.atividade(pausado)).find((a) => a.tipo === 'avisoCliente')).toMatchObject({
      dados: { enviado: false, motivo: T.avisoCanalInativo },
    });
    await idle();
    expect(s.open.sent.filter((x) => x.jid === CUSTOMER_JID)).toEqual([]);
  });
});
