import { describe, expect, it } from 'vitest';
import type { TMensagemRapida } from '@balcao/shared/mensagens-rapidas';
import { filterRapidas, tokenBarra } from './filtro';

const m = (atalho: string, titulo: string, conteudo = ''): TMensagemRapida => ({
  id: atalho,
  atalho,
  titulo,
  conteudo,
  publica: false,
  autorNome: null,
  editavel: true,
  atualizadaEm: '2026-01-01T00:00:00Z',
});

describe('the / picker', () => {
  it('finds the token under the caret: at a line start or after a space, never inside a word or a URL', () => {
    expect(tokenBarra('/ol', 3)).toEqual({ inicio: 0, consulta: 'ol' });
    expect(tokenBarra('Oi /', 4)).toEqual({ inicio: 3, consulta: '' });
    expect(tokenBarra('linha\n/pix', 10)).toEqual({ inicio: 6, consulta: 'pix' });
    expect(tokenBarra('http://x', 8)).toBeNull();
    expect(tokenBarra('a/b', 3)).toBeNull();
    expect(tokenBarra('/ola mundo', 10)).toBeNull();
  });

  it('filters by shortcut first, then title and text, ignoring accents and case', () => {
    const lista = [m('pix', 'Chave PIX'), m('ola', 'Saudação', 'Olá {{nome}}'), m('horario', 'Horário', 'Abrimos às 8h')];
    expect(filterRapidas(lista, '').map((x) => x.atalho)).toEqual(['pix', 'ola', 'horario']);
    expect(filterRapidas(lista, 'O').map((x) => x.atalho)).toEqual(['ola', 'horario']);
    expect(filterRapidas(lista, 'saudacao').map((x) => x.atalho)).toEqual(['ola']);
    expect(filterRapidas(lista, 'HORÁ').map((x) => x.atalho)).toEqual(['horario']);
  });
});
