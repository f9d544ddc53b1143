import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../lib/db';
import { buscaPublica } from './busca';
import { Recente } from './cache';
import { renderizar, textoPlano } from './markdown';
import {
  type Enderecos,
  paginaBusca,
  paginaDocumento,
  paginaInicial,
  paginaNaoEncontrada,
  paginaSecao,
  sitemap,
  type TPagina,
} from './paginas';
import { arvore, contarLeitura, conteudoDe, type DocPublico, type SecaoPublica, type Site } from './publico';

type Corpo = { status: number; tipo: string; bruto: Buffer; br?: Buffer; gz?: Buffer };

/**
 * Rendered and compressed pages, each kept while the tree it was rendered from (`versao`) and the site's look
 * stay the same: a page is built and compressed once, not again every few seconds. Brotli at quality 5: on a
 * 4.6 KB page 0.85 ms against 15.6 ms at quality 9 (its larger window's set-up), for 937 bytes against 930
 * (node, the shared 2 cores at load 19).
 */
const PAGINA_GUARDADA_MS = 10 * 60_000;
const paginas = new Recente<{ versao: string; corpo: Corpo }>(5000, PAGINA_GUARDADA_MS);

/** What a page shows of its site besides the tree: the account's name, the centre's name, colour and logo. */
const aparencia = (site: Site) => {
  const c = site.central;
  return `${site.nomeConta}\u0000${c ? `${c.nome}\u0000${c.cor}\u0000${c.logo ?? ''}` : ''}`;
};

/** The documents before and after one, across sections, in the tree's order. */
function vizinhos(secoes: SecaoPublica[], s: SecaoPublica, i: number) {
  type TPar = [SecaoPublica, DocPublico];
  const si = secoes.indexOf(s);
  const antes = secoes.slice(0, si).findLast((x) => x.documentos.length);
  const depois = secoes.slice(si + 1).find((x) => x.documentos.length);
  const anterior: TPar | undefined = i > 0 ? [s, s.documentos[i - 1]!] : antes && [antes, antes.documentos.at(-1)!];
  const proximo: TPar | undefined = i < s.documentos.length - 1 ? [s, s.documentos[i + 1]!] : depois && [depois, depois.documentos[0]!];
  return { anterior, proximo };
}

function comprimir(c: Corpo, enc: 'br' | 'gz'): Buffer {
  if (enc === 'br') {
    c.br ??= brotliCompressSync(c.bruto, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: c.bruto.length },
    });
    return c.br;
  }
  c.gz ??= gzipSync(c.bruto, { level: 9 });
  return c.gz;
}

/** The public pages' policy: no script at all, styles and images from here (images also from PUBLIC_URL). */
const politica = (origem: string) =>
  `default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: ${origem}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

/** Sends a public page or file, brotli or gzip as the client accepts (compressed once, kept with the page). */
export function enviar(req: FastifyRequest, reply: FastifyReply, c: Corpo, origem: string) {
  const aceita = String(req.headers['accept-encoding'] ?? '');
  const enc = /\bbr\b/.test(aceita) ? 'br' : /\bgzip\b/.test(aceita) ? 'gz' : null;
  reply
    .code(c.status)
    .header('content-type', c.tipo)
    .header('vary', 'Accept-Encoding')
    .header('cache-control', c.status === 200 ? 'public, max-age=60' : 'no-cache')
    .header('content-security-policy', politica(origem));
  if (!enc || c.bruto.length < 512) return reply.send(c.bruto);
  return reply.header('content-encoding', enc === 'br' ? 'br' : 'gzip').send(comprimir(c, enc));
}

const html = (p: TPagina): Corpo => ({ status: p.status, tipo: 'text/html; charset=utf-8', bruto: Buffer.from(p.html) });

/** On a custom domain, uploads are linked at PUBLIC_URL: the API there answers its allowed prefixes only. */
const imagensDe = (htmlDoc: string, end: Enderecos) =>
  end.base === '' ? htmlDoc.replaceAll('src="/backend/uploads/', `src="${end.origem}/backend/uploads/`) : htmlDoc;

/**
 * The page of a public documentation for a path below its base: home (with ?q= the search results), a
 * section, a document, sitemap.xml; anything else, drafts and internal documents a Portuguese 404.
 */
export async function pagina(
  db: Db,
  site: Site,
  end: Enderecos,
  partes: string[],
  query: { q?: string; ajudou?: string },
  contar: boolean,
): Promise<Corpo> {
  const q = typeof query.q === 'string' ? query.q.trim().slice(0, 200) : '';
  if (partes.length === 0 && q) {
    // The account's own documentation lists its own documents only (null: no centre's; a centre has its own search).
    const achados = await buscaPublica(db, site.accountId, { q, centralSlug: site.central?.slug ?? null, limite: 20 });
    const links = achados.map((a) => ({
      titulo: a.titulo,
      trechoHtml: a.trechoHtml,
      url: `${end.base}${a.url!.slice(a.url!.indexOf('/documentacao/') + 13)}`,
    }));
    return html(paginaBusca(site, end, q, links));
  }
  const respondido = query.ajudou === '1';
  const chave = `${site.accountId}|${site.central?.id ?? ''}|${end.base}|${partes.join('/')}|${respondido}`;
  const { secoes, versao: versaoArvore } = await arvore(db, site);
  const versao = `${versaoArvore}\u0000${aparencia(site)}`;
  const achado = paginas.get(chave);
  let corpo = achado && achado.versao === versao ? achado.corpo : undefined;
  let documentoId: string | undefined;
  const [secaoSlug, docSlug] = partes.map((p) => p.toLowerCase());
  const s = secaoSlug ? secoes.find((x) => x.slug === secaoSlug) : undefined;
  const di = s && docSlug ? s.documentos.findIndex((x) => x.slug === docSlug) : -1;
  const d = di >= 0 ? s?.documentos[di] : undefined;
  if (d) documentoId = d.id;
  if (!corpo) {
    if (partes.length === 0) corpo = html(paginaInicial(site, end, secoes));
    else if (partes.length === 1 && secaoSlug === 'sitemap.xml')
      corpo = { status: 200, tipo: 'application/xml; charset=utf-8', bruto: Buffer.from(sitemap(end, secoes)) };
    else if (partes.length === 1 && s && s.documentos.length) corpo = html(paginaSecao(site, end, s));
    else if (partes.length === 2 && s && d) {
      const conteudo = await conteudoDe(db, d.id);
      if (conteudo === null) corpo = html(paginaNaoEncontrada(site, end));
      else {
        const r = renderizar(conteudo);
        corpo = html(
          paginaDocumento(
            site,
            end,
            s,
            d,
            { html: imagensDe(r.html, end), indice: r.indice, descricao: textoPlano(conteudo).slice(0, 160) },
            { acao: `/backend/api/public/documentacao/${site.databaseName}/documentos/${d.id}/ajudou`, documentoId: d.id, respondido },
            vizinhos(secoes, s, di),
          ),
        );
      }
    } else corpo = html(paginaNaoEncontrada(site, end));
    paginas.set(chave, { versao, corpo });
  }
  if (contar && documentoId && corpo.status === 200) contarLeitura(db, documentoId);
  return corpo;
}

export const naoEncontrada = (end: Enderecos) => html(paginaNaoEncontrada(null, end));

export const texto = (t: string, tipo = 'text/plain; charset=utf-8'): Corpo => ({ status: 200, tipo, bruto: Buffer.from(t) });
