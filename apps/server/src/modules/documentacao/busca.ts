import { sql } from 'drizzle-orm';
import { documentacaoBuscasVazias } from '../../db/schema/documentacao';
import { configuredOrigin } from '../../lib/public-origin';
import { type Db, rawRows } from '../../lib/db';
import { dobrar, marcarHtml, textoPlano, trechoDe } from './markdown';
import { baseDocumentacao } from './presenter';

export type DocumentoEncontrado = {
  id: string;
  titulo: string;
  /** The public link (PUBLIC_URL-based) when published and public, else null. */
  url: string | null;
  /** Plain-text excerpt around the match. */
  trecho: string;
  /** The Markdown. */
  conteudo: string;
  visibilidade: 'interna' | 'publica';
};

/**
 * The origin of public links per database handle, set by the routes when the app is built (the context's
 * PUBLIC_URL, read at each call: a test server learns its port after listening). A Db with none (a script)
 * falls back to the environment's PUBLIC_URL.
 */
const origens = new WeakMap<Db, () => string>();
export const registrarOrigemPublica = (db: Db, origem: () => string) => origens.set(db, origem);
const origemDe = (db: Db) =>
  origens.get(db)?.() ?? configuredOrigin({ PUBLIC_URL: process.env.PUBLIC_URL, PORT: Number(process.env.PORT ?? 3000) });

/** The words of a search, folded as the index is (lib/busca-cliente: lower case, no accents); at most 8. */
const termosDe = (q: string): string[] =>
  dobrar(q.normalize('NFC'))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);

type Linha = {
  id: string;
  titulo: string;
  slug: string;
  conteudo: string;
  visibilidade: 'interna' | 'publica';
  secao_slug: string;
  central_slug: string | null;
  central_publica: boolean | null;
  database_name: string;
};

type DocumentoEncontradoMarcado = DocumentoEncontrado & { trechoHtml: string };

/** How many matches of each kind are ranked: every search stays bounded however common its words are. */
const CANDIDATOS = 200;

/**
 * Published documents of an account matching `q`: Portuguese full text over the stored `documentos.busca`
 * (accents ignored, every word required, the last ones as prefixes so a half-typed word finds), ranked:
 * a title match first, then by how much of the text matches. Only the candidates are ranked: the title
 * matches and the first content matches found, CANDIDATOS of each (ranking all of 5,000 documents that
 * hold a common word cost 150 ms on PGlite; a word in fewer than 200 documents is ranked over all of
 * them). Without `incluirInternos` only public documents of the account's documentation and of public
 * help centres; `centralSlug` keeps one help centre's, null the account's own documentation's.
 */
export async function buscarDocumentosMarcados(
  db: Db,
  accountId: string,
  opts: { q: string; incluirInternos: boolean; centralSlug?: string | null; limite?: number },
): Promise<DocumentoEncontradoMarcado[]> {
  const termos = termosDe(opts.q);
  if (!termos.length) return [];
  const consulta = termos.map((t) => `${t}:*`).join(' & ');
  const limite = Math.min(Math.max(opts.limite ?? 10, 1), 50);
  // A word the parser splits ('1e5abc' is '1e5' then 'abc') becomes a phrase, which needs the positions the
  // stored vector does not keep: its parts are required instead, in any order.
  const tsquery = sql`regexp_replace(to_tsquery('portuguese', ${consulta})::text, '<[0-9-]*>', '&', 'g')::tsquery`;
  const candidatos = (coluna: 'busca' | 'busca_titulo') =>
    sql`select d.id from documentos d
        join documentacao_secoes s on s.id = d.secao_id
        left join documentacao_centrais c on c.id = s.central_id
        where d.account_id = ${accountId} and d.status = 'publicado'
          and d.${sql.raw(coluna)} @@ ${tsquery}
          ${opts.incluirInternos ? sql`` : sql`and d.visibilidade = 'publica' and (c.id is null or c.publica)`}
          ${opts.centralSlug === null ? sql`and c.id is null` : opts.centralSlug !== undefined ? sql`and c.slug = ${opts.centralSlug}` : sql``}
        limit ${CANDIDATOS}`;
  const rows = await rawRows<Linha>(
    db,
    sql`with candidatos as ((${candidatos('busca_titulo')}) union (${candidatos('busca')}))
        select d.id, d.titulo, d.slug, d.conteudo, d.visibilidade, s.slug as secao_slug, c.slug as central_slug,
          c.publica as central_publica, a.database_name
        from candidatos k
        join documentos d on d.id = k.id
        join documentacao_secoes s on s.id = d.secao_id
        left join documentacao_centrais c on c.id = s.central_id
        join accounts a on a.id = d.account_id,
        (select ${tsquery} as q) consulta
        order by ts_rank(d.busca_titulo, consulta.q) desc, ts_rank(d.busca, consulta.q) desc, d.updated_at desc
        limit ${limite}`,
  );
  const origem = origemDe(db);
  return rows.map((r) => {
    const { trecho, marcas } = trechoDe(textoPlano(r.conteudo), termos);
    const publico = r.visibilidade === 'publica' && r.central_publica !== false;
    return {
      id: r.id,
      titulo: r.titulo,
      url: publico ? `${baseDocumentacao(origem, r.database_name, r.central_slug)}/${r.secao_slug}/${r.slug}` : null,
      trecho,
      trechoHtml: marcarHtml(trecho, marcas),
      conteudo: r.conteudo,
      visibilidade: r.visibilidade,
    };
  });
}

/** buscarDocumentosMarcados without the highlighted excerpt: what the composer and the AI assistant use. */
export async function buscarDocumentos(
  db: Db,
  accountId: string,
  opts: { q: string; incluirInternos: boolean; centralSlug?: string; limite?: number },
): Promise<DocumentoEncontrado[]> {
  return (await buscarDocumentosMarcados(db, accountId, opts)).map(({ trechoHtml: _, ...d }) => d);
}

/**
 * A visitor's search (the public pages, the public API, the widget): published public documents only, and a
 * search that found nothing counted for the admins' "Buscas sem resultado" (the articles to write next).
 */
export async function buscaPublica(
  db: Db,
  accountId: string,
  opts: { q: string; centralSlug?: string | null; limite?: number },
): Promise<DocumentoEncontradoMarcado[]> {
  const achados = await buscarDocumentosMarcados(db, accountId, { ...opts, incluirInternos: false });
  // A failed count never fails the visitor's search (it answers nothing found either way).
  if (!achados.length) await contarBuscaVazia(db, accountId, opts.q).catch(() => undefined);
  return achados;
}

/** Counted per term, trimmed and in lower case, so "Troca" and "troca " are one line of the figures. */
async function contarBuscaVazia(db: Db, accountId: string, termo: string): Promise<void> {
  const t = termo.trim().toLowerCase().slice(0, 100);
  if (!t) return;
  await db
    .insert(documentacaoBuscasVazias)
    .values({ accountId, termo: t })
    .onConflictDoUpdate({
      target: [documentacaoBuscasVazias.accountId, documentacaoBuscasVazias.termo],
      set: { vezes: sql`${documentacaoBuscasVazias.vezes} + 1`, ultimaEm: new Date() },
    });
}
