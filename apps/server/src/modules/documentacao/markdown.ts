import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

/**
 * Documents are Markdown written by staff and shown to anyone. Raw HTML is off (a `<script>` or an `onclick`
 * in the text is shown as text, never as markup) and markdown-it's link check refuses `javascript:`,
 * `vbscript:`, `file:` and non-image `data:` URLs, so the output needs no separate sanitiser.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** Lower case, no accents, one char per char (so positions in the folded text are positions in the original). */
export function dobrar(texto: string): string {
  // Most text is ASCII, whose lower case is one char per char: only the rest goes char by char.
  if (!/[^\p{ASCII}]/u.test(texto)) return texto.toLowerCase();
  let out = '';
  for (const c of texto) {
    if (c.charCodeAt(0) < 0x80) {
      out += c.toLowerCase();
      continue;
    }
    const base = c.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    out += base.length === c.length ? base : c.toLowerCase().length === c.length ? c.toLowerCase() : c;
  }
  return out;
}

/** A slug from a title: accents stripped, lower case, words joined by '-' ('Prazo de Entrega!' → 'prazo-de-entrega'). */
export function slugDe(texto: string): string {
  return texto
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

type TItemIndice = { nivel: number; texto: string; id: string };

const textoDe = (inline: Token | undefined) =>
  (inline?.children ?? [])
    .filter((t) => t.type === 'text' || t.type === 'code_inline')
    .map((t) => t.content)
    .join('');

/** The document's HTML (headings h2/h3 carry ids) and its table of contents. */
export function renderizar(conteudo: string): { html: string; indice: TItemIndice[] } {
  const tokens = md.parse(conteudo, {});
  const indice: TItemIndice[] = [];
  const usados = new Set<string>();
  tokens.forEach((t, i) => {
    if (t.type !== 'heading_open') return;
    const texto = textoDe(tokens[i + 1]);
    let id = slugDe(texto) || 'secao';
    for (let n = 2; usados.has(id); n++) id = `${slugDe(texto) || 'secao'}-${n}`;
    usados.add(id);
    t.attrSet('id', id);
    const nivel = Number(t.tag.slice(1));
    if (nivel === 2 || nivel === 3) indice.push({ nivel, texto, id });
  });
  return { html: md.renderer.render(tokens, md.options, {}), indice };
}

/** The text a person reads, without Markdown marks: for excerpts and descriptions. */
export function textoPlano(conteudo: string): string {
  const partes: string[] = [];
  for (const t of md.parse(conteudo, {})) {
    if (t.type === 'inline') partes.push(textoDe(t) || t.content);
    else if (t.type === 'fence' || t.type === 'code_block') partes.push(t.content);
  }
  return partes.join(' ').replace(/\s+/g, ' ').trim();
}

/** Up to `tamanho` characters of `texto` around the first of `termos` found (accents and case ignored). */
export function trechoDe(texto: string, termos: string[], tamanho = 200): { trecho: string; marcas: [number, number][] } {
  const dobrado = dobrar(texto);
  let pos = -1;
  let achado = '';
  for (const termo of termos) {
    // A stemmed search finds 'entrega' for 'entregas': fall back to the word's beginning.
    for (const t of [termo, termo.slice(0, Math.max(4, termo.length - 3))]) {
      const i = dobrado.indexOf(t);
      if (i >= 0 && (pos < 0 || i < pos)) {
        pos = i;
        achado = t;
        break;
      }
    }
  }
  if (pos < 0) return { trecho: corte(texto, 0, tamanho), marcas: [] };
  const inicio = Math.max(0, pos - Math.floor(tamanho / 3));
  const trecho = corte(texto, inicio, tamanho);
  const base = dobrar(trecho);
  const marcas: [number, number][] = [];
  for (const termo of termos.length ? termos : [achado]) {
    const t = termo.length > 4 ? termo.slice(0, Math.max(4, termo.length - 3)) : termo;
    for (let i = base.indexOf(t); i >= 0; i = base.indexOf(t, i + t.length)) {
      let fim = i + t.length;
      while (fim < base.length && /[\p{L}\p{N}]/u.test(base[fim]!)) fim++;
      marcas.push([i, fim]);
    }
  }
  marcas.sort((a, b) => a[0] - b[0]);
  return { trecho, marcas: marcas.filter((m, i) => i === 0 || m[0] >= marcas[i - 1]![1]) };
}

/** `tamanho` characters from `inicio`, cut at word boundaries, with an ellipsis where text was left out. */
function corte(texto: string, inicio: number, tamanho: number): string {
  if (texto.length <= tamanho) return texto;
  let a = inicio;
  if (a > 0) {
    const espaco = texto.indexOf(' ', a);
    a = espaco >= 0 && espaco - a < 20 ? espaco + 1 : a;
  }
  let b = Math.min(texto.length, a + tamanho);
  if (b < texto.length) {
    const espaco = texto.lastIndexOf(' ', b);
    b = espaco > a + tamanho / 2 ? espaco : b;
  }
  return `${a > 0 ? '… ' : ''}${texto.slice(a, b)}${b < texto.length ? ' …' : ''}`;
}

/** Escapes text for HTML and wraps the marks in <mark> (the highlighted excerpt of the public search). */
export function marcarHtml(trecho: string, marcas: [number, number][]): string {
  let out = '';
  let p = 0;
  for (const [a, b] of marcas) {
    out += `${escaparHtml(trecho.slice(p, a))}<mark>${escaparHtml(trecho.slice(a, b))}</mark>`;
    p = b;
  }
  return out + escaparHtml(trecho.slice(p));
}

export const escaparHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
