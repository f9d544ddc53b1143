/** The Markdown of an uploaded image: its file name as the alt text (brackets would end it early). */
export const markdownDaImagem = (nome: string, url: string) => `![${nome.replace(/[[\]]/g, '')}](${url})`;

/**
 * `texto` as a block of its own at `pos` of `doc`: what to insert there, with the blank lines before and after
 * that Markdown needs for an image to be its own paragraph (none added where the text already has them).
 */
export function comoBloco(doc: string, pos: number, texto: string): string {
  const antes = doc.slice(0, pos);
  const depois = doc.slice(pos);
  const prefixo = antes === '' || antes.endsWith('\n\n') ? '' : antes.endsWith('\n') ? '\n' : '\n\n';
  const sufixo = depois === '' ? '\n' : depois.startsWith('\n\n') ? '' : depois.startsWith('\n') ? '\n' : '\n\n';
  return `${prefixo}${texto}${sufixo}`;
}
