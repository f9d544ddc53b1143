import { describe, expect, it } from 'vitest';
import { taxaAjudou } from './estatisticas';

describe('taxaAjudou', () => {
  it('is the share of yes answers, rounded, and null without answers', () => {
    expect(taxaAjudou(0, 0)).toBeNull();
    expect(taxaAjudou(2, 1)).toBe(67);
    expect(taxaAjudou(0, 4)).toBe(0);
    expect(taxaAjudou(5, 0)).toBe(100);
  });
});
