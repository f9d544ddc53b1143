import { escaparHtml as e } from './markdown';
import { ESTILO_URL } from './estilo';
import type { DocPublico, SecaoPublica, Site } from './publico';

/** How a page links: `base` is the documentation's path here ('' on a custom domain); `canonica` its PUBLIC_URL address. */
export type Enderecos = { base: string; canonica: string; origem: string };

export type TPagina = { status: number; html: string };

const COR_PADRAO = '#2563eb';

/** Black or white text on the brand colour, by contrast (spec part 2 §9). */
function sobreCor(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#000' : '#fff';
}

const nomeDe = (site: Site) => site.central?.nome ?? `Central de ajuda — ${site.nomeConta}`;

function layout(
  site: Site,
  end: Enderecos,
  p: { titulo: string; descricao: string; caminho: string; corpo: string; tipo?: 'article' | 'website'; indexar?: boolean },
): string {
  const cor = /^#[0-9a-f]{6}$/i.test(site.central?.cor ?? '') ? site.central!.cor : COR_PADRAO;
  const canonica = `${end.canonica}${p.caminho}`;
  const nome = nomeDe(site);
  const logo = site.central?.logo ? `<img src="${e(end.origem + site.central.logo)}" alt="">` : '';
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(p.titulo)}</title>
<meta name="description" content="${e(p.descricao)}">
${p.indexar === false ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${e(canonica)}">`}
<meta property="og:type" content="${p.tipo ?? 'website'}">
<meta property="og:title" content="${e(p.titulo)}">
<meta property="og:description" content="${e(p.descricao)}">
<meta property="og:url" content="${e(canonica)}">
<meta property="og:site_name" content="${e(nome)}">
<meta property="og:locale" content="pt_BR">
<meta name="theme-color" content="${cor}">
<link rel="stylesheet" href="${ESTILO_URL}">
</head>
<body style="--cor:${cor};--sobre-cor:${sobreCor(cor)}">
<header class="topo"><div class="caixa"><a href="${e(end.base || '/')}">${logo}<span>${e(nome)}</span></a></div></header>
<main class="caixa">
${p.corpo}
</main>
<footer>${e(site.nomeConta)}</footer>
</body>
</html>
`;
}

const formBusca = (end: Enderecos, q = '') =>
  `<form class="busca" role="search" action="${e(end.base || '/')}" method="get"><label for="q" class="sr">Procurar</label><input id="q" name="q" type="search" value="${e(q)}" placeholder="Procure um assunto (ex.: prazo de entrega)" aria-label="Procurar na central de ajuda"><button type="submit">Procurar</button></form>`;

const linkDoc = (end: Enderecos, s: SecaoPublica, d: DocPublico) => `${end.base}/${s.slug}/${d.slug}`;

export function paginaInicial(site: Site, end: Enderecos, secoes: SecaoPublica[]): TPagina {
  const comDocs = secoes.filter((s) => s.documentos.length);
  const lista = comDocs.length
    ? `<ul class="secoes">${comDocs
        .map(
          (s) =>
            `<li><h2><a href="${e(`${end.base}/${s.slug}`)}">${e(s.titulo)}</a></h2><ul class="docs">${s.documentos
              .slice(0, 6)
              .map((d) => `<li><a href="${e(linkDoc(end, s, d))}">${e(d.titulo)}</a></li>`)
              .join('')}</ul></li>`,
        )
        .join('')}</ul>`
    : '<p class="vazio">Ainda não há artigos publicados aqui.</p>';
  const nome = nomeDe(site);
  return {
    status: 200,
    html: layout(site, end, {
      titulo: nome,
      descricao: `Artigos e respostas de ${site.central?.nome ?? site.nomeConta}: ${comDocs.map((s) => s.titulo).join(', ')}.`.slice(
        0,
        300,
      ),
      caminho: '',
      corpo: `<h1>Como podemos ajudar?</h1>${formBusca(end)}${lista}`,
    }),
  };
}

export function paginaSecao(site: Site, end: Enderecos, s: SecaoPublica): TPagina {
  return {
    status: 200,
    html: layout(site, end, {
      titulo: `${s.titulo} — ${nomeDe(site)}`,
      descricao: `${s.titulo}: ${s.documentos.map((d) => d.titulo).join(', ')}.`.slice(0, 300),
      caminho: `/${s.slug}`,
      corpo: `<nav class="migalhas" aria-label="Você está em"><a href="${e(end.base || '/')}">Início</a> › ${e(s.titulo)}</nav><h1>${e(s.titulo)}</h1>${formBusca(end)}${
        s.documentos.length
          ? `<ul class="docs">${s.documentos.map((d) => `<li><a href="${e(linkDoc(end, s, d))}">${e(d.titulo)}</a></li>`).join('')}</ul>`
          : '<p class="vazio">Ainda não há artigos publicados nesta seção.</p>'
      }`,
    }),
  };
}

export type DocRenderizado = { html: string; indice: { nivel: number; texto: string; id: string }[]; descricao: string };

export function paginaDocumento(
  site: Site,
  end: Enderecos,
  s: SecaoPublica,
  d: DocPublico,
  r: DocRenderizado,
  voto: { acao: string; documentoId: string; respondido: boolean },
  vizinhos: { anterior?: [SecaoPublica, DocPublico]; proximo?: [SecaoPublica, DocPublico] },
): TPagina {
  const indice = r.indice.length
    ? `<nav class="indice" aria-label="Neste artigo"><strong>Neste artigo</strong><ul>${r.indice
        .map((i) => `<li class="n${i.nivel}"><a href="#${e(i.id)}">${e(i.texto)}</a></li>`)
        .join('')}</ul></nav>`
    : '';
  const navega = [
    vizinhos.anterior
      ? `<a rel="prev" href="${e(linkDoc(end, ...vizinhos.anterior))}"><small>Anterior</small>${e(vizinhos.anterior[1].titulo)}</a>`
      : '<span></span>',
    vizinhos.proximo
      ? `<a rel="next" href="${e(linkDoc(end, ...vizinhos.proximo))}"><small>Próximo</small>${e(vizinhos.proximo[1].titulo)}</a>`
      : '',
  ].join('');
  const caminho = `/${s.slug}/${d.slug}`;
  const botao = (valor: 'sim' | 'nao', rotulo: string) =>
    `<form method="post" action="${e(voto.acao)}"><input type="hidden" name="util" value="${valor}"><input type="hidden" name="volta" value="${e(`${end.base}${caminho}`)}"><button type="submit">${rotulo}</button></form>`;
  const votar = voto.respondido
    ? '<p role="status">Obrigado pela resposta!</p>'
    : `<p>Este artigo ajudou?</p>${botao('sim', 'Sim')}${botao('nao', 'Não')}`;
  return {
    status: 200,
    html: layout(site, end, {
      titulo: `${d.titulo} — ${nomeDe(site)}`,
      descricao: r.descricao || d.titulo,
      caminho,
      tipo: 'article',
      corpo: `<nav class="migalhas" aria-label="Você está em"><a href="${e(end.base || '/')}">Início</a> › <a href="${e(`${end.base}/${s.slug}`)}">${e(s.titulo)}</a></nav>
<div class="doc${indice ? ' com-indice' : ''}"><article><h1>${e(d.titulo)}</h1>
${r.html}
<div class="voto" id="ajudou">${votar}</div>
<nav class="navega" aria-label="Outros artigos">${navega}</nav></article>${indice}</div>`,
    }),
  };
}

export function paginaBusca(
  site: Site,
  end: Enderecos,
  q: string,
  achados: { titulo: string; url: string; trechoHtml: string }[],
): TPagina {
  const lista = achados.length
    ? `<ul class="resultados">${achados.map((a) => `<li><a href="${e(a.url)}">${e(a.titulo)}</a><p>${a.trechoHtml}</p></li>`).join('')}</ul>`
    : `<p class="vazio">Nenhum artigo encontrado para “${e(q)}”. Tente outras palavras.</p>`;
  return {
    status: 200,
    html: layout(site, end, {
      titulo: `Busca: ${q} — ${nomeDe(site)}`,
      descricao: `Resultados da busca por ${q}.`,
      caminho: `?q=${encodeURIComponent(q)}`,
      indexar: false,
      corpo: `<nav class="migalhas" aria-label="Você está em"><a href="${e(end.base || '/')}">Início</a> › Busca</nav><h1>Resultados para “${e(q)}”</h1>${formBusca(end, q)}${lista}`,
    }),
  };
}

/** The Portuguese 404 of the public documentation (unknown slugs, drafts, internal documents). */
export function paginaNaoEncontrada(site: Site | null, end: Enderecos): TPagina {
  const corpo = `<h1>Página não encontrada</h1><p>O artigo que você procura não existe, foi removido ou ainda não foi publicado.</p><p><a href="${e(end.base || '/')}">Voltar ao início da central de ajuda</a></p>`;
  if (!site)
    return {
      status: 404,
      html: `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Página não encontrada</title><meta name="robots" content="noindex"><link rel="stylesheet" href="${ESTILO_URL}"></head><body style="--cor:${COR_PADRAO};--sobre-cor:#fff"><main class="caixa"><h1>Página não encontrada</h1><p>Esta central de ajuda não existe ou não está disponível.</p></main></body></html>`,
    };
  return {
    status: 404,
    html: layout(site, end, {
      titulo: `Página não encontrada — ${nomeDe(site)}`,
      descricao: 'Página não encontrada.',
      caminho: '',
      corpo,
      indexar: false,
    }),
  };
}

export function sitemap(end: Enderecos, secoes: SecaoPublica[]): string {
  const urls: [string, Date | null][] = [[`${end.canonica}`, null]];
  for (const s of secoes) {
    if (!s.documentos.length) continue;
    urls.push([`${end.canonica}/${s.slug}`, null]);
    for (const d of s.documentos) urls.push([`${end.canonica}/${s.slug}/${d.slug}`, d.atualizadoEm]);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map(([u, m]) => `<url><loc>${e(u)}</loc>${m ? `<lastmod>${m.toISOString()}</lastmod>` : ''}</url>`)
    .join('\n')}\n</urlset>\n`;
}
