import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOCUMENTACAO_TEXTS as T, type TDocumento, type TVersao } from '@balcao/shared/documentacao';
import { CUSTOM_DOMAIN_ALLOWED_PREFIXES } from '@balcao/shared/documentacao/constants';
import { rawRows } from '../../lib/db';
import { login, makeAccount } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';

describe.each(DB_KINDS)('documentation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, url: string, auth: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({ method, url, headers: auth, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  async function setup() {
    const acc = await makeAccount(t.ctx.db);
    const master = await login(t.app, acc.master.email);
    const atendente = await login(t.app, (await acc.addUser('atendente')).email);
    const tracker = await login(t.app, (await acc.addUser('tracker')).email);
    const db = acc.account.databaseName;
    const secao = (await call('POST', '/backend/api/documentacao/secoes', master.auth, { titulo: 'Entregas e Prazos', ordem: 1 })).json();
    const doc = (body: Record<string, unknown>) =>
      call('POST', '/backend/api/documentacao/documentos', master.auth, {
        secaoId: secao.id,
        status: 'publicado',
        visibilidade: 'publica',
        ...body,
      });
    return { acc, master, atendente, tracker, db, secao, doc };
  }

  it('writes sections and documents with slugs from titles, versions and restore; atendentes read but do not write', async () => {
    const s = await setup();
    expect(s.secao).toMatchObject({ slug: 'entregas-e-prazos', ordem: 1, centralId: null });
    const r1 = await s.doc({ titulo: 'Prazo de entrega em São Conceição', conteudo: 'Versão um.', status: 'rascunho' });
    expect(r1.statusCode).toBe(201);
    const d1 = r1.json() as TDocumento;
    expect(d1).toMatchObject({ slug: 'prazo-de-entrega-em-sao-conceicao', status: 'rascunho', url: null, publicadoEm: null });
    // The same title again gets -2; a slug given and taken is a field error.
    expect((await s.doc({ titulo: 'Prazo de entrega em São Conceição' })).json().slug).toBe('prazo-de-entrega-em-sao-conceicao-2');
    const taken = await s.doc({ titulo: 'Outro', slug: 'prazo-de-entrega-em-sao-conceicao' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors.slug).toEqual([T.slugEmUso]);
    expect((await s.doc({ titulo: 'x', slug: 'Com Espaço' })).statusCode).toBe(400);

    const put = (body: Record<string, unknown>) =>
      call('PUT', `/backend/api/documentacao/documentos/${d1.id}`, s.master.auth, { ...d1, ...body });
    const d2 = (await put({ conteudo: 'Versão dois.', status: 'publicado', visibilidade: 'publica' })).json() as TDocumento;
    expect(d2.slug).toBe(d1.slug);
    expect(d2.url).toBe(`http://balcao.test/${s.db}/documentacao/entregas-e-prazos/${d1.slug}`);
    expect(d2.publicadoEm).not.toBeNull();
    const versoes = (await call('GET', `/backend/api/documentacao/documentos/${d1.id}/versoes`, s.atendente.auth)).json() as TVersao[];
    expect(versoes.map((v) => [v.numero, v.conteudo])).toEqual([
      [2, 'Versão dois.'],
      [1, 'Versão um.'],
    ]);
    const restaurado = await call(
      'POST',
      `/backend/api/documentacao/documentos/${d1.id}/versoes/${versoes[1]!.id}/restaurar`,
      s.master.auth,
    );
    expect(restaurado.json()).toMatchObject({ conteudo: 'Versão um.', status: 'publicado' });
    expect(
      ((await call('GET', `/backend/api/documentacao/documentos/${d1.id}/versoes`, s.master.auth)).json() as TVersao[])[0]!.numero,
    ).toBe(3);

    // Every signed-in user reads; only master and admin write.
    expect((await call('GET', `/backend/api/documentacao/documentos/${d1.id}`, s.tracker.auth)).statusCode).toBe(200);
    expect(
      (await call('GET', `/backend/api/documentacao/documentos?secaoId=${s.secao.id}&status=publicado`, s.atendente.auth)).json(),
    ).toHaveLength(2);
    const negado = await s.doc.call(null, {});
    expect(negado.statusCode).toBe(400);
    const porAtendente = await call('POST', '/backend/api/documentacao/documentos', s.atendente.auth, { titulo: 'x', secaoId: s.secao.id });
    expect(porAtendente.statusCode).toBe(403);
    expect(porAtendente.json().message).toBe(T.somenteAdministradores);
    expect(
      (await put({ titulo: 'y' }).then(() => call('DELETE', `/backend/api/documentacao/documentos/${d1.id}`, s.atendente.auth))).statusCode,
    ).toBe(403);
    expect((await call('GET', '/backend/api/documentacao/estatisticas', s.atendente.auth)).statusCode).toBe(403);
    expect((await call('GET', '/backend/api/documentacao/centrais')).statusCode).toBe(401);
  });

  it("answers 404 for another account's ids on every call", async () => {
    const a = await setup();
    const b = await setup();
    const central = (await call('POST', '/backend/api/documentacao/centrais', a.master.auth, { nome: 'Ajuda A' })).json();
    const doc = (await a.doc({ titulo: 'Segredo de A', conteudo: 'interno', visibilidade: 'interna' })).json() as TDocumento;
    const versao = ((await call('GET', `/backend/api/documentacao/documentos/${doc.id}/versoes`, a.master.auth)).json() as TVersao[])[0]!;
    const calls: [Method, string, unknown?][] = [
      ['PUT', `/backend/api/documentacao/centrais/${central.id}`, { nome: 'x' }],
      ['DELETE', `/backend/api/documentacao/centrais/${central.id}`],
      ['GET', `/backend/api/documentacao/centrais/${central.id}/dominio`],
      ['PUT', `/backend/api/documentacao/secoes/${a.secao.id}`, { titulo: 'x' }],
      ['DELETE', `/backend/api/documentacao/secoes/${a.secao.id}`],
      ['POST', '/backend/api/documentacao/secoes', { titulo: 'x', centralId: central.id }],
      ['POST', '/backend/api/documentacao/documentos', { titulo: 'x', secaoId: a.secao.id }],
      ['GET', `/backend/api/documentacao/documentos/${doc.id}`],
      ['PUT', `/backend/api/documentacao/documentos/${doc.id}`, { titulo: 'x', secaoId: b.secao.id }],
      ['DELETE', `/backend/api/documentacao/documentos/${doc.id}`],
      ['GET', `/backend/api/documentacao/documentos/${doc.id}/versoes`],
      ['POST', `/backend/api/documentacao/documentos/${doc.id}/versoes/${versao.id}/restaurar`],
    ];
    for (const [method, url, body] of calls)
      expect([method, url, (await call(method, url, b.master.auth, body)).statusCode]).toEqual([method, url, 404]);
    // Lists and search stay within the account.
    expect((await call('GET', '/backend/api/documentacao/documentos', b.master.auth)).json()).toEqual([]);
    expect((await call('GET', '/backend/api/documentacao/centrais', b.master.auth)).json()).toEqual([]);
    expect((await call('GET', '/backend/api/documentacao/busca?q=segredo', b.master.auth)).json()).toEqual([]);
    expect((await call('GET', '/backend/api/documentacao/busca?q=segredo', a.atendente.auth)).json()).toHaveLength(1);
  });

  it('serves public pages on the server: sanitised, drafts and internal documents 404, sitemap, robots, votes', async () => {
    const s = await setup();
    const pub = (
      await s.doc({
        titulo: 'Como rastrear',
        conteudo:
          '## Passo um\n\nUse o código.\n\n<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>\n\n## Passo dois\n\nPronto.',
      })
    ).json() as TDocumento;
    const segundo = (await s.doc({ titulo: 'Devoluções', conteudo: 'Em 7 dias.' })).json() as TDocumento;
    const interno = (await s.doc({ titulo: 'Interno', conteudo: 'segredo', visibilidade: 'interna' })).json() as TDocumento;
    const rascunho = (await s.doc({ titulo: 'Rascunho', conteudo: 'rascunho-oculto', status: 'rascunho' })).json() as TDocumento;

    const res = await page(`/${s.db}/documentacao/${s.secao.slug}/${pub.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<h2 id="passo-um">Passo um</h2>');
    expect(html).toContain('href="#passo-dois"');
    expect(html).toContain(`<link rel="canonical" href="http://balcao.test/${s.db}/documentacao/${s.secao.slug}/${pub.slug}">`);
    expect(html).toContain('<meta property="og:title" content="Como rastrear');
    // The text stays as text: no element, no javascript: link, no handler attribute.
    expect(html).not.toMatch(/<script|href="javascript:/i);
    expect(html.slice(html.indexOf('<article>'))).not.toMatch(/<[a-z][^>]*\sonerror=/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('Este artigo ajudou?');
    expect(html).toContain(`rel="next" href="/${s.db}/documentacao/${s.secao.slug}/${segundo.slug}"`);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");

    for (const slug of [interno.slug, rascunho.slug, 'nao-existe']) {
      const r = await page(`/${s.db}/documentacao/${s.secao.slug}/${slug}`);
      expect([slug, r.statusCode]).toEqual([slug, 404]);
      expect(r.body).toContain('Página não encontrada');
      expect(r.body).not.toMatch(/segredo|rascunho-oculto/);
    }
    expect((await page('/conta-que-nao-existe/documentacao')).statusCode).toBe(404);

    const home = await page(`/${s.db}/documentacao`, { 'accept-encoding': 'br' });
    expect(home.headers['content-encoding']).toBe('br');
    const busca = await page(`/${s.db}/documentacao?q=codigo`);
    expect(busca.body).toContain(`href="/${s.db}/documentacao/${s.secao.slug}/${pub.slug}"`);
    expect(busca.body).toContain('<mark>código</mark>');
    const map = await page(`/${s.db}/documentacao/sitemap.xml`);
    expect(map.headers['content-type']).toContain('xml');
    expect(map.body).toContain(`<loc>http://balcao.test/${s.db}/documentacao/${s.secao.slug}/${pub.slug}</loc>`);
    expect(map.body).not.toContain(interno.slug);
    expect((await page('/robots.txt')).body).toContain('Allow: /');
    const css = await page(html.match(/href="(\/backend\/api\/public\/documentacao\/estilo-[^"]+)"/)![1]!);
    expect(css.headers['content-type']).toContain('text/css');

    // "Este artigo ajudou?": the form goes back to the page, which thanks; counted for the admin's figures.
    const form = await t.app.inject({
      method: 'POST',
      url: `/backend/api/public/documentacao/${s.db}/documentos/${pub.id}/ajudou`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `util=sim&volta=${encodeURIComponent(`/${s.db}/documentacao/${s.secao.slug}/${pub.slug}`)}`,
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`/${s.db}/documentacao/${s.secao.slug}/${pub.slug}?ajudou=1#ajudou`);
    expect((await page(form.headers.location as string)).body).toContain('Obrigado pela resposta!');
    expect(
      (await call('POST', `/backend/api/public/documentacao/${s.db}/documentos/${pub.id}/ajudou`, {}, { util: false })).statusCode,
    ).toBe(204);
    expect(
      (await call('POST', `/backend/api/public/documentacao/${s.db}/documentos/${interno.id}/ajudou`, {}, { util: true })).statusCode,
    ).toBe(404);
    await call('GET', `/backend/api/public/documentacao/${s.db}/busca?q=inexistente`);
    await page(`/${s.db}/documentacao?q=palavra%20sem%20artigo`);
    const est = (await call('GET', '/backend/api/documentacao/estatisticas', s.master.auth)).json();
    expect(est.votos).toEqual({ sim: 1, nao: 1 });
    expect(est.maisLidos[0]).toMatchObject({ id: pub.id, leituras: 2, votosSim: 1, votosNao: 1 });
    expect(est.buscasSemResultado.map((b: { termo: string }) => b.termo).sort()).toEqual(['inexistente', 'palavra sem artigo']);

    // The public API: search finds public documents only; the widget's document view.
    const achados = (await call('GET', `/backend/api/public/documentacao/${s.db}/busca?q=codigo`)).json();
    expect(achados.map((a: { id: string }) => a.id)).toEqual([pub.id]);
    expect(achados[0].conteudo).toBeUndefined();
    expect((await call('GET', `/backend/api/public/documentacao/${s.db}/busca?q=segredo`)).json()).toEqual([]);
    expect((await call('GET', `/backend/api/public/documentacao/${s.db}/documentos/${interno.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/backend/api/public/documentacao/${s.db}/documentos/${pub.id}`)).json().html).toContain(
      '<h2 id="passo-um">',
    );
  });

  it("links pages across sections, and shows another instance's write once its copy is a few seconds old", async () => {
    const s = await setup();
    const secao = async (titulo: string, ordem: number) =>
      (await call('POST', '/backend/api/documentacao/secoes', s.master.auth, { titulo, ordem })).json() as { id: string; slug: string };
    const vazia = await secao('Sem artigos', 2);
    const trocas = await secao('Trocas', 3);
    const primeiro = (await s.doc({ titulo: 'Prazos', conteudo: 'Em 3 dias.' })).json() as TDocumento;
    await call('POST', '/backend/api/documentacao/documentos', s.master.auth, {
      secaoId: vazia.id,
      titulo: 'Rascunho sem seção pública',
      conteudo: 'x',
      status: 'rascunho',
      visibilidade: 'publica',
    });
    const ultimo = (
      await call('POST', '/backend/api/documentacao/documentos', s.master.auth, {
        secaoId: trocas.id,
        titulo: 'Como trocar',
        conteudo: 'Na loja.',
        status: 'publicado',
        visibilidade: 'publica',
      })
    ).json() as TDocumento;
    const url = (secaoSlug: string, d: TDocumento) => `/${s.db}/documentacao/${secaoSlug}/${d.slug}`;
    // The next and previous documents skip a section with nothing public.
    expect((await page(url(s.secao.slug, primeiro))).body).toContain(`rel="next" href="${url(trocas.slug, ultimo)}"`);
    const antes = (await page(url(trocas.slug, ultimo))).body;
    expect(antes).toContain(`rel="prev" href="${url(s.secao.slug, primeiro)}"`);
    expect(antes).not.toContain('rel="next"');

    // Another instance renames it: this one keeps its copy for a few seconds, then reads the tree behind a request.
    await rawRows(t.ctx.db, sql`update documentos set titulo = 'Como trocar um produto', updated_at = now() where id = ${ultimo.id}`);
    expect((await page(url(trocas.slug, ultimo))).body).toContain('<h1>Como trocar</h1>');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11_000 });
    try {
      await expect.poll(async () => (await page(url(trocas.slug, ultimo))).body).toContain('<h1>Como trocar um produto</h1>');
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts a public API search that found nothing, as the pages and the widget do; a search that finds is not counted', async () => {
    const s = await setup();
    await s.doc({ titulo: 'Troca de tamanho', conteudo: 'Em até 30 dias.' });
    await s.doc({ titulo: 'Cupom secreto', conteudo: 'Só a equipe.', visibilidade: 'interna' });
    const central = (await call('POST', '/backend/api/documentacao/centrais', s.master.auth, { nome: 'Ajuda Loja' })).json();
    const busca = (q: string, extra = '') =>
      call('GET', `/backend/api/public/documentacao/${s.db}/busca?q=${encodeURIComponent(q)}${extra}`);

    expect((await busca('troca')).json()).toHaveLength(1);
    // Nothing public: an unknown word, an internal document's word, and the account's document searched in a centre.
    for (const [q, extra] of [
      ['Frete grátis', ''],
      ['frete grátis ', ''],
      ['cupom', ''],
      ['troca', `&central=${central.slug}`],
    ] as const) {
      const r = await busca(q, extra);
      expect([q, extra, r.statusCode, r.json()]).toEqual([q, extra, 200, []]);
    }
    const est = (await call('GET', '/backend/api/documentacao/estatisticas', s.master.auth)).json();
    expect(est.buscasSemResultado.map(({ termo, vezes }: { termo: string; vezes: number }) => [termo, vezes])).toEqual([
      ['frete grátis', 2],
      ['troca', 1],
      ['cupom', 1],
    ]);
    // Another account's figures stay its own.
    const outro = await setup();
    expect((await call('GET', '/backend/api/documentacao/estatisticas', outro.master.auth)).json().buscasSemResultado).toEqual([]);
  });

  it('serves a help centre on its custom domain and answers only the allowed prefixes there', async () => {
    const s = await setup();
    const dominio = `ajuda-${Date.now().toString(36)}.exemplo.com.br`;
    const central = (
      await call('POST', '/backend/api/documentacao/centrais', s.master.auth, {
        nome: 'Central Ajuda',
        dominio: dominio.toUpperCase(),
        cor: '#FACC15',
      })
    ).json();
    expect(central).toMatchObject({ slug: 'central-ajuda', dominio, cor: '#facc15', publica: true });
    const outro = await setup();
    const emUso = await call('POST', '/backend/api/documentacao/centrais', outro.master.auth, { nome: 'X', dominio });
    expect(emUso.json().errors.dominio).toEqual([T.dominioEmUso]);
    const secao = (
      await call('POST', '/backend/api/documentacao/secoes', s.master.auth, { titulo: 'Pagamentos', centralId: central.id })
    ).json();
    const doc = (
      await call('POST', '/backend/api/documentacao/documentos', s.master.auth, {
        titulo: 'Como pagar com PIX',
        secaoId: secao.id,
        conteudo: '![qr](/backend/uploads/documentacao/0123456789abcdef0123456789abcdef.png)',
        status: 'publicado',
        visibilidade: 'publica',
      })
    ).json() as TDocumento;
    expect(doc.url).toBe(`http://balcao.test/${s.db}/central/central-ajuda/documentacao/pagamentos/como-pagar-com-pix`);
    expect((await page(`/${s.db}/central/central-ajuda/documentacao/pagamentos/como-pagar-com-pix`)).statusCode).toBe(200);

    expect((await call('GET', `/backend/api/public/dominios/verificar?domain=${dominio}`)).statusCode).toBe(200);
    expect((await call('GET', '/backend/api/public/dominios/verificar?domain=outro.exemplo.com')).statusCode).toBe(404);

    const host = { host: dominio };
    const home = await page('/', host);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('href="/pagamentos/como-pagar-com-pix"');
    expect(home.body).toContain('--sobre-cor:#000');
    const docPage = await page('/pagamentos/como-pagar-com-pix', host);
    expect(docPage.body).toContain('Como pagar com PIX');
    expect(docPage.body).toContain('src="http://balcao.test/backend/uploads/documentacao/');
    expect(docPage.body).toContain(`<link rel="canonical" href="${doc.url}">`);
    expect((await page('/atendimentos', host)).body).toContain('Página não encontrada');
    expect((await page('/sitemap.xml', host)).body).toContain(`<loc>${doc.url}</loc>`);
    expect((await page('/robots.txt', host)).body).toContain(`Sitemap: https://${dominio}/sitemap.xml`);

    // Allowed prefixes pass through to their routes (whatever those answer); the rest is CustomDomainBlock.
    for (const prefixo of CUSTOM_DOMAIN_ALLOWED_PREFIXES) {
      const r = await call('GET', `/backend/${prefixo}/qualquer`, { ...host, ...s.master.auth });
      expect([prefixo, r.statusCode, r.json().code]).not.toEqual([prefixo, 403, 'CustomDomainBlock']);
    }
    expect((await call('GET', '/backend/Usuario/GetCurrentUser', { ...host, ...s.master.auth })).statusCode).toBe(200);
    expect((await call('GET', `/backend/api/public/documentacao/${s.db}/busca?q=pix&central=central-ajuda`, host)).json()).toHaveLength(1);
    for (const url of [
      '/backend/api/usuarios',
      '/backend/api/documentacao/centrais',
      '/backend/api/atendimento/conversas',
      '/backend/usuarios',
      '/backend/api/publicx',
    ]) {
      const r = await call('GET', url, { ...host, ...s.master.auth });
      expect([url, r.statusCode, r.json()]).toEqual([
        url,
        403,
        { code: 'CustomDomainBlock', message: 'Endpoint não permitido em domínio personalizado' },
      ]);
    }
    // A closed centre stops serving, on its domain and by path.
    await call('PUT', `/backend/api/documentacao/centrais/${central.id}`, s.master.auth, {
      nome: 'Central Ajuda',
      dominio,
      publica: false,
    });
    expect((await page(`/${s.db}/central/central-ajuda/documentacao`)).statusCode).toBe(404);
    expect((await call('GET', `/backend/api/public/documentacao/${s.db}/busca?q=pix`)).json()).toEqual([]);
  });
});
