import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TAtendimento, TConversasPage, TMensagem } from '@balcao/shared/atendimentos';
import type { TEtiqueta } from '@balcao/shared/etiquetas';
import { visitorSend } from '../../channels/widget/send';
import { findCanalByToken, startSession, visitorMessages } from '../../channels/widget/service';
import { mensagens } from '../../db/schema/atendimentos';
import { chatMensagens } from '../../db/schema/chat-interno';
import { loja, sentTo } from '../atendimento-automatico/testing';
import { makeCanal } from '../../test/atendimentos-fixtures';
import { login } from '../../test/factories';
import { DB_KINDS } from '../../test/harness';
import { whilePublishing } from '../../test/publisher-spy';
import { whatsappTestApp } from '../../test/whatsapp-channel';

describe.each(DB_KINDS)('labels and private notes on %s', (kind) => {
  const s = whatsappTestApp(kind);
  const inject = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Record<string, string>, payload?: object) =>
    s.t.app.inject({ method, url, headers: auth, payload });

  it('labels: CRUD, put on a conversation, filter the list, count on the dashboard, and stay in their account', async () => {
    const l = await loja(s.t, s.graph);
    const other = await loja(s.t, s.graph);
    await l.escreve('5571977770001', 'quero trocar');
    await l.escreve('5571977770002', 'outra coisa');
    await other.escreve('5571977770003', 'oi');
    const troca = (await l.call('POST', '/backend/api/etiquetas', { nome: 'Troca', cor: '#16A34A' })) as TEtiqueta;
    expect(troca).toMatchObject({ nome: 'Troca', cor: '#16a34a', atendimentos: 0 });
    expect((await inject('POST', '/backend/api/etiquetas', l.master.auth, { nome: 'troca', cor: '#000000' })).statusCode).toBe(409);
    expect((await inject('POST', '/backend/api/etiquetas', l.master.auth, { nome: 'X', cor: 'verde' })).statusCode).toBe(400);
    const vip = (await l.call('POST', '/backend/api/etiquetas', { nome: 'VIP', cor: '#dc2626' })) as TEtiqueta;
    const alheia = (await other.call('POST', '/backend/api/etiquetas', { nome: 'Alheia', cor: '#000000' })) as TEtiqueta;

    const a1 = (await l.linhas('0001')).row!;
    const a2 = (await l.linhas('0002')).row!;
    const row = (await l.call('PUT', `/backend/api/atendimento/${a1.atendimentoId}/etiquetas`, {
      etiquetaIds: [troca.id, vip.id],
    })) as TAtendimento;
    expect(row.etiquetaIds?.sort()).toEqual([troca.id, vip.id].sort());
    await l.call('PUT', `/backend/api/atendimento/${a2.atendimentoId}/etiquetas`, { etiquetaIds: [vip.id] });

    const filtrada = (await l.call('GET', `/backend/api/atendimento/conversas?status=aguardando&etiquetaId=${troca.id}`)) as TConversasPage;
    expect(filtrada.itens.map((i) => i.atendimentoId)).toEqual([a1.atendimentoId]);
    expect(filtrada.contagens.aguardando).toBe(1);
    const porVip = (await l.call('GET', `/backend/api/atendimento/conversas?status=aguardando&etiquetaId=${vip.id}`)) as TConversasPage;
    expect(porVip.itens).toHaveLength(2);

    const lista = (await l.call('GET', '/backend/api/etiquetas')) as TEtiqueta[];
    expect(lista.map((e) => [e.nome, e.atendimentos])).toEqual([
      ['Troca', 1],
      ['VIP', 2],
    ]);
    const visao = await l.call('GET', '/backend/api/dashboard/visao-geral?periodo=dia');
    expect(visao.porEtiqueta.map((e: { nome: string; abertos: number }) => [e.nome, e.abertos])).toEqual([
      ['VIP', 2],
      ['Troca', 1],
    ]);

    // Another account's label, conversation and ids answer as unknown.
    const put = (id: string, ids: string[], auth = l.master.auth) =>
      inject('PUT', `/backend/api/atendimento/${id}/etiquetas`, auth, { etiquetaIds: ids });
    expect((await put(a1.atendimentoId, [alheia.id])).statusCode).toBe(400);
    const o1 = (await other.linhas('0003')).row!;
    expect((await put(o1.atendimentoId, [troca.id])).statusCode).toBe(404);
    expect((await inject('PUT', `/backend/api/etiquetas/${alheia.id}`, l.master.auth, { nome: 'Minha', cor: '#000000' })).statusCode).toBe(
      404,
    );
    expect((await inject('DELETE', `/backend/api/etiquetas/${alheia.id}`, l.master.auth)).statusCode).toBe(404);
    const daOutra = (await other.call(
      'GET',
      `/backend/api/atendimento/conversas?status=aguardando&etiquetaId=${troca.id}`,
    )) as TConversasPage;
    expect(daOutra.itens).toEqual([]);

    // An atendente uses labels but does not manage them.
    const atendente = await login(s.t.app, (await l.acc.addUser('atendente')).email);
    expect((await inject('POST', '/backend/api/etiquetas', atendente.auth, { nome: 'Nova', cor: '#000000' })).statusCode).toBe(403);
    expect((await put(a2.atendimentoId, [troca.id], atendente.auth)).statusCode).toBe(200);

    // Deleting a label takes it off its conversations.
    expect((await inject('DELETE', `/backend/api/etiquetas/${vip.id}`, l.master.auth)).statusCode).toBe(200);
    const depois = (await l.call('GET', `/backend/api/atendimento/${a1.atendimentoId}`)) as TAtendimento;
    expect(depois.etiquetaIds).toEqual([troca.id]);
  });

  it('a private note is kept in the timeline, never sent on WhatsApp, and tells a colleague named with @', async () => {
    const l = await loja(s.t, s.graph);
    const colega = await l.acc.addUser('atendente', { nome: 'Joana Prado' });
    await l.escreve('5571977770010', 'preciso de ajuda');
    const a = (await l.linhas('0010')).row!;
    await l.call('POST', `/backend/api/atendimento/${a.atendimentoId}/aceitar`);
    const conteudo = `@joana cliente VIP, oferecer frete grátis ${randomUUID()}`;
    const told: TMensagem[] = [];
    const delivered: TMensagem[] = [];
    const r = await whilePublishing(s.t.ctx, { messages: (_a, _row, msgs, _m, o) => (o.toVisitor ? delivered : told).push(...msgs) }, () =>
      inject('POST', `/backend/api/atendimento/${a.atendimentoId}/notas`, l.master.auth, { clientId: 'nota-1', conteudo }),
    );
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ interna: true, autor: 'atendente', status: 'sent', conteudo });
    expect(told.map((m) => m.interna)).toEqual([true]);
    expect(delivered).toEqual([]);
    const again = await inject('POST', `/backend/api/atendimento/${a.atendimentoId}/notas`, l.master.auth, {
      clientId: 'nota-1',
      conteudo,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(r.json().id);
    // Even handed to the channels directly, a note goes nowhere; and the outbox never claims one.
    s.t.ctx.channels!.deliver(l.acc.account.id, a, [r.json()]);
    await s.t.ctx.channels!.outbox.idle();
    expect(sentTo(s.graph, conteudo)).toBe(0);
    const page = await l.call('GET', `/backend/api/atendimento/${a.atendimentoId}/mensagens`);
    expect(page.mensagens.filter((m: TMensagem) => m.interna).map((m: TMensagem) => m.conteudo)).toEqual([conteudo]);
    // The database refuses a note waiting to go out.
    await expect(s.t.ctx.db.update(mensagens).set({ status: 'pending' }).where(eq(mensagens.id, r.json().id))).rejects.toThrow();
    // Joana got a notice in the internal chat.
    const avisos = await s.t.ctx.db
      .select()
      .from(chatMensagens)
      .where(eq(chatMensagens.clientId, `nota-${r.json().id}`));
    expect(avisos).toHaveLength(1);
    expect(avisos[0]!.conteudo).toContain(conteudo);
    expect(colega.id).toBeTruthy();
  });

  it('a note on a website conversation never reaches the visitor, live or in the history', async () => {
    const l = await loja(s.t, s.graph);
    const made = await makeCanal(s.t, l.master.auth);
    const canal = await findCanalByToken(s.t.ctx.db, made.token!);
    const { visitante } = await startSession(s.t.ctx.db, s.t.ctx.cipher, canal, {});
    await visitorSend(s.t.ctx, canal, visitante, { clientId: 'visitante-1', conteudo: 'olá' });
    const page = (await l.call('GET', '/backend/api/atendimento/conversas?status=aguardando')) as TConversasPage;
    const a = page.itens.find((i) => i.canalId === canal.id)!;
    await l.call('POST', `/backend/api/atendimento/${a.atendimentoId}/notas`, { clientId: 'nota-site', conteudo: 'só para a equipe' });
    const history = await visitorMessages(s.t.ctx.db, canal, visitante, null);
    expect(history.mensagens.map((m) => m.conteudo)).toEqual(['olá']);
    const atendente = await login(s.t.app, (await l.acc.addUser('atendente')).email);
    const other = await loja(s.t, s.graph);
    expect(
      (await inject('POST', `/backend/api/atendimento/${a.atendimentoId}/notas`, other.master.auth, { clientId: 'x', conteudo: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(atendente.auth).toBeTruthy();
  });
});
