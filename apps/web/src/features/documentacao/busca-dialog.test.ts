import { describe, expect, it } from 'vitest';
import { textToInsert } from './busca-dialog';

describe('inserting a document in a reply', () => {
  const base = { id: '1', titulo: 'Prazo de entrega', trecho: '', trechoHtml: '', conteudo: 'Entregamos em 3 dias úteis.' };
  it('inserts the public link of a public document', () => {
    expect(textToInsert({ ...base, visibilidade: 'publica', url: 'https://b.test/demo/documentacao/a/b' })).toBe(
      'Prazo de entrega: https://b.test/demo/documentacao/a/b',
    );
  });
  it('inserts the text of an internal one (it has no public link)', () => {
    expect(textToInsert({ ...base, visibilidade: 'interna', url: null })).toBe('Entregamos em 3 dias úteis.');
  });
});
