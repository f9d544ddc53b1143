import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCanal } from '@balcao/shared/canais';
import type { TDocumentacaoEstatisticas } from '@balcao/shared/documentacao';
import { makeCanal, SITE } from '../../test/atendimentos-fixtures';
import { login, makeAccount } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';

describe.each(DB_KINDS)('the widget searches its help centre on %s', (kind) => {
  let t: TestApp;
  let master: Record<string, string>;
  let ligado: TCanal;
  let solto: TCanal;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    const acc = await makeAccount(t.ctx.db);
    master = (await login(t.app, acc.master.email)).auth;
    const post = async (url: string, payload: object) => {
      const r = await t.app.inject({ method: 'POST', url: `/backend/api/documentacao/${url}`, headers: master, payload });
      if (r.statusCode !== 201) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
      return r.json() as { id: string };
    };
    const central = await post('centrais', { nome: 'Ajuda da Loja' });
    const secao = await post('secoes', { titulo: 'Entregas', centralId: central.id });
    const daConta = await post('secoes', { titulo: 'Interno' });
    const doc = (titulo: string, extra: object = {}) =>
      post('documentos', { secaoId: secao.id, titulo, status: 'publicado', visibilidade: 'publica', ...extra });
    ids.publico = (
      await doc('Entrega em Conceição', { conteudo: '# Prazos\n\nChega em **3 dias** ![mapa](/backend/uploads/documentacao/x.png)' })
    ).id;
    ids.rascunho = (await doc('Conceição rascunho', { status: 'rascunho' })).id;
    ids.interno = (await doc('Conceição interno', { visibilidade: 'interna' })).id;
    ids.foraDaCentral = (
      await post('documentos', { secaoId: daConta.id, titulo: 'Conceição fora', status: 'publicado', visibilidade: 'publica' })
    ).id;
    ligado = await makeCanal(t, master, { centralId: central.id });
    solto = await makeCanal(t, master, { nome: 'Sem central' });
  });
  afterAll(() => t.close());

  const get = (c: TCanal, path: string, origin = SITE) =>
    t.app.inject({ method: 'GET', url: `/backend/api/public/widget/${c.token}${path}`, headers: { origin } });
  const estatisticas = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/backend/api/documentacao/estatisticas', headers: master })
    ).json() as TDocumentacaoEstatisticas;

  it('tells the widget which centre it searches, and only when the channel is linked to one', async () => {
    expect((await get(ligado, '/config')).json().ajuda).toEqual({ nome: 'Ajuda da Loja' });
    expect((await get(solto, '/config')).json().ajuda).toBeNull();
    const r = await get(solto, '/ajuda/busca?q=entrega');
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe('Este chat não tem uma central de ajuda.');
  });

  it("finds the centre's published public articles without accents, and never drafts, internal or other documents", async () => {
    const r = await get(ligado, '/ajuda/busca?q=conceicao');
    expect(r.statusCode).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBe(SITE);
    const achados = r.json() as { id: string; titulo: string; trechoHtml: string; conteudo?: string }[];
    expect(achados.map((a) => a.id)).toEqual([ids.publico]);
    expect(achados[0]!.conteudo).toBeUndefined();
    expect((await get(ligado, '/ajuda/busca?q=conceicao', 'https://intruso.example')).statusCode).toBe(403);
    expect((await get(ligado, '/ajuda/busca?q=')).json().message).toBe('Digite o que procura.');
  });

  it('opens an article of the centre only, counts the read, the vote and the searches that found nothing', async () => {
    const r = await get(ligado, `/ajuda/documentos/${ids.publico}`);
    expect(r.statusCode).toBe(200);
    const artigo = r.json() as { titulo: string; html: string; url: string };
    expect(artigo.titulo).toBe('Entrega em Conceição');
    expect(artigo.html).toContain('<strong>3 dias</strong>');
    expect(artigo.html).toContain('src="http://balcao.test/backend/uploads/documentacao/x.png"');
    for (const id of [ids.rascunho, ids.interno, ids.foraDaCentral])
      expect((await get(ligado, `/ajuda/documentos/${id}`)).statusCode).toBe(404);
    expect((await get(solto, `/ajuda/documentos/${ids.publico}`)).statusCode).toBe(404);

    const votar = (id: string | undefined, util: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/backend/api/public/widget/${ligado.token}/ajuda/documentos/${id}/ajudou`,
        headers: { origin: SITE },
        payload: { util },
      });
    expect((await votar(ids.publico, true)).statusCode).toBe(204);
    expect((await votar(ids.interno, true)).statusCode).toBe(404);
    await get(ligado, '/ajuda/busca?q=reembolso%20parcial');
    await get(ligado, '/ajuda/busca?q=Reembolso%20parcial');

    const est = await estatisticas();
    expect(est.maisLidos).toEqual([{ id: ids.publico, titulo: 'Entrega em Conceição', leituras: 1, votosSim: 1, votosNao: 0 }]);
    expect(est.votos).toEqual({ sim: 1, nao: 0 });
    expect(est.buscasSemResultado).toMatchObject([{ termo: 'reembolso parcial', vezes: 2 }]);
  });

  it("refuses to link a channel to another account's centre", async () => {
    const outra = await makeAccount(t.ctx.db, 'Outra');
    const outroMaster = (await login(t.app, outra.master.email)).auth;
    const central = (
      await t.app.inject({ method: 'POST', url: '/backend/api/documentacao/centrais', headers: outroMaster, payload: { nome: 'Deles' } })
    ).json() as { id: string };
    const r = await t.app.inject({
      method: 'POST',
      url: '/backend/api/canais/widget',
      headers: master,
      payload: { nome: 'Site', origensPermitidas: [SITE], centralId: central.id },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.centralId).toEqual(['Central de ajuda não encontrada.']);
  });
});
