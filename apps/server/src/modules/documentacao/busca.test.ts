import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentacaoCentrais, documentacaoSecoes, documentos } from '../../db/schema/documentacao';
import { makeAccount } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { buscarDocumentos, buscarDocumentosMarcados } from './busca';

describe.each(DB_KINDS)('documentation search on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function base() {
    const acc = await makeAccount(t.ctx.db);
    const db = t.ctx.db;
    const accountId = acc.account.id;
    const [secao] = await db.insert(documentacaoSecoes).values({ accountId, titulo: 'Entregas', slug: 'entregas' }).returning();
    const [central] = await db.insert(documentacaoCentrais).values({ accountId, nome: 'Ajuda', slug: 'ajuda', publica: true }).returning();
    const [secaoCentral] = await db
      .insert(documentacaoSecoes)
      .values({ accountId, centralId: central!.id, titulo: 'Pagamentos', slug: 'pagamentos' })
      .returning();
    const doc = (v: Partial<typeof documentos.$inferInsert> & { titulo: string; slug: string }) =>
      db
        .insert(documentos)
        .values({ accountId, secaoId: secao!.id, status: 'publicado', visibilidade: 'publica', conteudo: '', ...v })
        .returning()
        .then((r) => r[0]!);
    return { acc, accountId, secao: secao!, central: central!, secaoCentral: secaoCentral!, doc };
  }

  it('finds published documents without accents, ranks the title first, and keeps drafts and internal ones apart', async () => {
    const b = await base();
    const titulo = await b.doc({ titulo: 'Entrega em São Conceição', slug: 'conceicao', conteudo: '# Prazos\n\nEm **3 dias úteis**.' });
    const corpo = await b.doc({
      titulo: 'Prazos gerais',
      slug: 'prazos',
      conteudo: `${'Texto longo sobre prazos. '.repeat(20)}Também atendemos a região de Conceição do Mato Dentro.`,
    });
    await b.doc({ titulo: 'Conceição rascunho', slug: 'rascunho', status: 'rascunho' });
    const interno = await b.doc({ titulo: 'Conceição interno', slug: 'interno', visibilidade: 'interna', conteudo: 'Só a equipe.' });
    await b.doc({ titulo: 'Conceição na central', slug: 'pix', secaoId: b.secaoCentral.id, conteudo: 'Pague com PIX.' });

    const publicos = await buscarDocumentos(t.ctx.db, b.accountId, { q: 'CONCEICAO', incluirInternos: false });
    expect(publicos.map((d) => d.titulo)).toEqual(
      expect.arrayContaining(['Entrega em São Conceição', 'Prazos gerais', 'Conceição na central']),
    );
    expect(publicos).toHaveLength(3);
    // The title match ranks above a match in the content only.
    expect(publicos.findIndex((d) => d.id === titulo.id)).toBeLessThan(publicos.findIndex((d) => d.id === corpo.id));
    const achado = publicos.find((d) => d.id === corpo.id)!;
    expect(achado.trecho).toContain('Conceição do Mato Dentro');
    expect(achado.trecho.startsWith('…')).toBe(true);
    expect(achado.conteudo).toBe(corpo.conteudo);
    const [marcado] = await buscarDocumentosMarcados(t.ctx.db, b.accountId, { q: 'mato dentro', incluirInternos: false });
    expect(marcado!.trechoHtml).toContain('<mark>Mato</mark> <mark>Dentro</mark>');
    expect(achado.url).toBe(`${t.ctx.publicUrl}/${b.acc.account.databaseName}/documentacao/entregas/prazos`);
    expect(publicos.find((d) => d.titulo === 'Conceição na central')!.url).toBe(
      `${t.ctx.publicUrl}/${b.acc.account.databaseName}/central/ajuda/documentacao/pagamentos/pix`,
    );

    // Staff see internal documents too, with no public link; drafts never.
    const equipe = await buscarDocumentos(t.ctx.db, b.accountId, { q: 'conceição', incluirInternos: true });
    expect(equipe.map((d) => d.titulo)).not.toContain('Conceição rascunho');
    expect(equipe.find((d) => d.id === interno.id)).toMatchObject({ url: null, visibilidade: 'interna' });

    // One help centre; a half-typed word; a plural finds the singular (Portuguese stemming); limit.
    expect(
      (await buscarDocumentos(t.ctx.db, b.accountId, { q: 'conceicao', incluirInternos: false, centralSlug: 'ajuda' })).map(
        (d) => d.titulo,
      ),
    ).toEqual(['Conceição na central']);
    expect((await buscarDocumentos(t.ctx.db, b.accountId, { q: 'concei', incluirInternos: false, limite: 1 })).length).toBe(1);
    expect((await buscarDocumentos(t.ctx.db, b.accountId, { q: 'entregas', incluirInternos: false })).map((d) => d.id)).toEqual([
      titulo.id,
    ]);
    expect(await buscarDocumentos(t.ctx.db, b.accountId, { q: ' !? ', incluirInternos: false })).toEqual([]);
  });

  it('hides the documents of a help centre that is not public, and never crosses accounts', async () => {
    const b = await base();
    await t.ctx.db.update(documentacaoCentrais).set({ publica: false });
    await b.doc({ titulo: 'Boleto bancário', slug: 'boleto', secaoId: b.secaoCentral.id });
    expect(await buscarDocumentos(t.ctx.db, b.accountId, { q: 'boleto', incluirInternos: false })).toEqual([]);
    expect(await buscarDocumentos(t.ctx.db, b.accountId, { q: 'boleto', incluirInternos: true })).toHaveLength(1);
    const outra = await makeAccount(t.ctx.db);
    expect(await buscarDocumentos(t.ctx.db, outra.account.id, { q: 'boleto', incluirInternos: true })).toEqual([]);
  });

  it('finds hyphenated and code-like words as written', async () => {
    const b = await base();
    for (const tag of ['a3f9b1', '1e5abc', '123456', 'ff00aa']) {
      await b.doc({ titulo: `Código ${tag}`, slug: `c-${tag}`, conteudo: `segredo-interno-${tag} Conceição ${tag}.` });
      expect((await buscarDocumentos(t.ctx.db, b.accountId, { q: `segredo-interno-${tag}`, incluirInternos: true })).length).toBe(1);
      expect((await buscarDocumentos(t.ctx.db, b.accountId, { q: `conceicao ${tag}`, incluirInternos: false })).length).toBe(1);
    }
  });
});
