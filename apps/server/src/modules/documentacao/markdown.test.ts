import { describe, expect, it } from 'vitest';
import { marcarHtml, renderizar, slugDe, textoPlano, trechoDe } from './markdown';

describe('documentation Markdown', () => {
  it('makes slugs from titles: accents stripped, lower case', () => {
    expect(slugDe('Prazo de entrega em São Conceição!')).toBe('prazo-de-entrega-em-sao-conceicao');
    expect(slugDe('  ÇÃO -- 2ª via  ')).toBe('cao-2a-via');
    expect(slugDe('???')).toBe('');
  });

  it('renders no script, no javascript: link and no inline event handler', () => {
    const { html } = renderizar(
      '<script>alert(1)</script>\n\n[clique](javascript:alert(1)) <img src=x onerror="alert(1)"> [ok](https://exemplo.com.br)\n\n![foto](/backend/uploads/a.png)',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('href="javascript:');
    expect(html).not.toMatch(/<img[^>]+onerror/);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a href="https://exemplo.com.br">ok</a>');
    expect(html).toContain('<img src="/backend/uploads/a.png" alt="foto">');
  });

  it('gives headings ids and a table of contents of h2 and h3', () => {
    const { html, indice } = renderizar('# Título\n\n## Como pagar\n\ntexto\n\n### Com PIX\n\n## Como pagar');
    expect(indice).toEqual([
      { nivel: 2, texto: 'Como pagar', id: 'como-pagar' },
      { nivel: 3, texto: 'Com PIX', id: 'com-pix' },
      { nivel: 2, texto: 'Como pagar', id: 'como-pagar-2' },
    ]);
    expect(html).toContain('<h2 id="como-pagar">Como pagar</h2>');
  });

  it('cuts a plain-text excerpt around the match and marks it, escaped', () => {
    const texto = textoPlano(`# Prazos\n\n${'Palavras antes. '.repeat(30)}Entregamos em **Conceição** <b>já</b>.`);
    expect(texto).not.toContain('**');
    const { trecho, marcas } = trechoDe(texto, ['conceicao']);
    expect(trecho.startsWith('… ')).toBe(true);
    expect(marcarHtml(trecho, marcas)).toContain('<mark>Conceição</mark> &lt;b&gt;já&lt;/b&gt;.');
  });
});
