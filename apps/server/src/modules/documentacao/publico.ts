import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { accounts } from '../../db/schema/accounts';
import { type CentralRow, documentacaoCentrais, documentacaoSecoes, documentos } from '../../db/schema/documentacao';
import { type Db, rawRows } from '../../lib/db';
import { createHash } from 'node:crypto';
import { aoMudar, CACHE_TTL_MS, geracaoDe, Recente } from './cache';

/** Whose public documentation a page shows: an account's own, or one of its help centres. */
export type Site = {
  accountId: string;
  databaseName: string;
  nomeConta: string;
  central: Pick<CentralRow, 'id' | 'nome' | 'slug' | 'cor' | 'logo' | 'dominio'> | null;
};

export type DocPublico = { id: string; titulo: string; slug: string; atualizadoEm: Date };
export type SecaoPublica = { id: string; titulo: string; slug: string; documentos: DocPublico[] };
/** A site's tree as read at `lidaEm`; `versao` names its content, so pages rendered from it outlive a re-read that found no change. */
export type Arvore = { secoes: SecaoPublica[]; versao: string; geracao: number; lidaEm: number };

const contas = new Recente<{ id: string; nome: string } | null>(2000);
const dominios = new Recente<Site | null>(2000);
/** Kept long after CACHE_TTL_MS: an older tree is served while a newer one is read behind it. */
const ARVORE_GUARDADA_MS = 10 * 60_000;
const arvores = new Recente<Arvore>(2000, ARVORE_GUARDADA_MS);
aoMudar(() => dominios.clear());

async function conta(db: Db, databaseName: string) {
  const k = databaseName.toLowerCase();
  let c = contas.get(k);
  if (c === undefined) {
    const [row] = await db.select({ id: accounts.id, nome: accounts.nome }).from(accounts).where(eq(accounts.databaseName, k));
    c = row ?? null;
    contas.set(k, c);
  }
  return c;
}

const colunasCentral = {
  id: documentacaoCentrais.id,
  nome: documentacaoCentrais.nome,
  slug: documentacaoCentrais.slug,
  cor: documentacaoCentrais.cor,
  logo: documentacaoCentrais.logo,
  dominio: documentacaoCentrais.dominio,
};

/** The account's public documentation, or one of its public help centres; null when there is none. */
export async function sitePorCaminho(db: Db, databaseName: string, centralSlug: string | null): Promise<Site | null> {
  const c = await conta(db, databaseName);
  if (!c) return null;
  if (!centralSlug) return { accountId: c.id, databaseName: databaseName.toLowerCase(), nomeConta: c.nome, central: null };
  const [central] = await db
    .select(colunasCentral)
    .from(documentacaoCentrais)
    .where(
      and(
        eq(documentacaoCentrais.accountId, c.id),
        eq(documentacaoCentrais.slug, centralSlug.toLowerCase()),
        eq(documentacaoCentrais.publica, true),
      ),
    );
  return central ? { accountId: c.id, databaseName: databaseName.toLowerCase(), nomeConta: c.nome, central } : null;
}

/** The public help centre a custom host name serves, if any (cached, misses too: every request asks). */
export async function sitePorDominio(db: Db, host: string): Promise<Site | null> {
  let s = dominios.get(host);
  if (s === undefined) {
    const [row] = await db
      .select({ c: colunasCentral, databaseName: accounts.databaseName, nomeConta: accounts.nome, accountId: accounts.id })
      .from(documentacaoCentrais)
      .innerJoin(accounts, eq(accounts.id, documentacaoCentrais.accountId))
      .where(and(eq(documentacaoCentrais.dominio, host), eq(documentacaoCentrais.publica, true)));
    s = row ? { accountId: row.accountId, databaseName: row.databaseName, nomeConta: row.nomeConta, central: row.c } : null;
    dominios.set(host, s);
  }
  return s;
}

/** Whether a host name is any centre's configured domain (Caddy's on-demand TLS asks before issuing). */
export async function dominioConfigurado(db: Db, host: string): Promise<boolean> {
  const [row] = await db.select({ id: documentacaoCentrais.id }).from(documentacaoCentrais).where(eq(documentacaoCentrais.dominio, host));
  return !!row;
}

/** Trees being read: the requests that arrive meanwhile wait for the same read instead of each making its own. */
const lendo = new Map<string, Promise<Arvore>>();

/**
 * Sections and their published public documents (no content), in order: home, section pages, sitemap, prev/next.
 * One read at a time per site and generation: at 200 pages a second, a tree of 5,000 documents read by every
 * request that found it expired queued up behind itself until pages took seconds. Past CACHE_TTL_MS the tree
 * is read again behind the requests, which keep the one they have meanwhile (a write elsewhere shows within
 * seconds; a write here moves the generation and is read at once).
 */
export async function arvore(db: Db, site: Site): Promise<Arvore> {
  const k = `${site.accountId}:${site.central?.id ?? ''}`;
  const geracao = geracaoDe(site.accountId);
  const cached = arvores.get(k);
  if (cached && cached.geracao === geracao) {
    if (Date.now() - cached.lidaEm > CACHE_TTL_MS) void lerUmaVez(db, site, k, geracao).catch(() => undefined);
    return cached;
  }
  return lerUmaVez(db, site, k, geracao);
}

function lerUmaVez(db: Db, site: Site, k: string, geracao: number): Promise<Arvore> {
  const chave = `${k}:${geracao}`;
  let leitura = lendo.get(chave);
  if (!leitura) {
    leitura = lerArvore(db, site, k, geracao).finally(() => lendo.delete(chave));
    lendo.set(chave, leitura);
  }
  return leitura;
}

async function lerArvore(db: Db, site: Site, k: string, geracao: number): Promise<Arvore> {
  const secoes = await db
    .select({ id: documentacaoSecoes.id, titulo: documentacaoSecoes.titulo, slug: documentacaoSecoes.slug })
    .from(documentacaoSecoes)
    .where(
      and(
        eq(documentacaoSecoes.accountId, site.accountId),
        site.central ? eq(documentacaoSecoes.centralId, site.central.id) : isNull(documentacaoSecoes.centralId),
      ),
    )
    .orderBy(asc(documentacaoSecoes.ordem), asc(documentacaoSecoes.titulo));
  const docs = secoes.length
    ? await db
        .select({
          id: documentos.id,
          titulo: documentos.titulo,
          slug: documentos.slug,
          secaoId: documentos.secaoId,
          atualizadoEm: documentos.updatedAt,
        })
        .from(documentos)
        .where(
          and(
            inArray(
              documentos.secaoId,
              secoes.map((s) => s.id),
            ),
            eq(documentos.status, 'publicado'),
            eq(documentos.visibilidade, 'publica'),
          ),
        )
        .orderBy(asc(documentos.ordem), asc(documentos.titulo))
    : [];
  const porSecao = new Map<string, DocPublico[]>(secoes.map((s) => [s.id, []]));
  for (const { secaoId, ...d } of docs) porSecao.get(secaoId)?.push(d);
  const result = secoes.map((s) => ({ ...s, documentos: porSecao.get(s.id) ?? [] }));
  const a: Arvore = { secoes: result, versao: versaoDe(result), geracao, lidaEm: Date.now() };
  arvores.set(k, a);
  return a;
}

/** What the pages show of a tree: order, titles, slugs and dates (a changed text moves its document's date). */
function versaoDe(secoes: SecaoPublica[]): string {
  const h = createHash('sha1');
  for (const s of secoes) {
    h.update(`${s.id}\u0000${s.titulo}\u0000${s.slug}\u0001`);
    for (const d of s.documentos) h.update(`${d.id}\u0000${d.titulo}\u0000${d.slug}\u0000${d.atualizadoEm.getTime()}\u0001`);
  }
  return h.digest('base64url');
}

/** A published public document's text (the tree says it exists). */
export async function conteudoDe(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ c: documentos.conteudo })
    .from(documentos)
    .where(and(eq(documentos.id, id), eq(documentos.status, 'publicado'), eq(documentos.visibilidade, 'publica')));
  return row?.c ?? null;
}

/** Page reads, added up in memory and written together (a read is not worth a write of its own). */
const leituras = new Map<Db, Map<string, number>>();
export function contarLeitura(db: Db, documentoId: string): void {
  let porDoc = leituras.get(db);
  if (!porDoc) {
    porDoc = new Map();
    leituras.set(db, porDoc);
    setTimeout(() => void gravarLeituras(db).catch(() => undefined), 2000).unref();
  }
  porDoc.set(documentoId, (porDoc.get(documentoId) ?? 0) + 1);
}
export async function gravarLeituras(db: Db): Promise<void> {
  const porDoc = leituras.get(db);
  leituras.delete(db);
  if (!porDoc?.size) return;
  const valores = sql.join(
    [...porDoc].map(([id, n]) => sql`(${id}::uuid, ${n}::int)`),
    sql`, `,
  );
  await rawRows(db, sql`update documentos set leituras = leituras + v.n from (values ${valores}) as v(id, n) where documentos.id = v.id`);
}
