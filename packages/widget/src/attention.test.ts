// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { Attention } from './attention';

describe('Attention (the site tab title while the visitor is not looking)', () => {
  beforeEach(() => {
    document.title = 'Loja Azul — Tênis';
  });

  it('counts unseen answers before the site title and gives the title back when read', () => {
    const a = new Attention(document);
    a.add();
    expect(document.title).toBe('(1) Loja Azul — Tênis');
    a.add();
    expect(document.title).toBe('(2) Loja Azul — Tênis');
    // Three that came while the link was down, counted at once.
    a.add(3);
    expect(document.title).toBe('(5) Loja Azul — Tênis');
    a.clear();
    expect(document.title).toBe('Loja Azul — Tênis');
  });

  it('keeps a title the site set meanwhile (a page of a single-page site) and caps the count like the badge', () => {
    const a = new Attention(document);
    a.add();
    document.title = 'Loja Azul — Carrinho';
    for (let i = 0; i < 120; i++) a.add();
    expect(document.title).toBe('(99+) Loja Azul — Carrinho');
    a.clear();
    expect(document.title).toBe('Loja Azul — Carrinho');
  });

  it('leaves a title alone when nothing was counted', () => {
    const a = new Attention(document);
    document.title = 'Outra página';
    a.clear();
    expect(document.title).toBe('Outra página');
  });
});
