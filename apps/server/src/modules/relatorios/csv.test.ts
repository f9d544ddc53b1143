import { describe, expect, it } from 'vitest';
import { campo, dataHora, decimal, linha } from './csv';

describe('CSV for Brazilian spreadsheets', () => {
  it('quotes fields with the separator, quotes or line breaks, doubling the quotes', () => {
    expect(campo('a;b')).toBe('"a;b"');
    expect(campo('diz "oi"')).toBe('"diz ""oi"""');
    expect(campo('linha 1\nlinha 2')).toBe('"linha 1\nlinha 2"');
    expect(campo('simples')).toBe('simples');
    expect(linha(['x;y', null, 3.5])).toBe('"x;y";;3,5\r\n');
  });

  it('writes comma decimals and keeps a formula from running', () => {
    expect(decimal(1234.5)).toBe('1234,5');
    expect(decimal(2)).toBe('2');
    expect(decimal(0.125)).toBe('0,13');
    expect(campo('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(campo('+5571999990000')).toBe('+5571999990000');
  });

  it('writes dates as dd/MM/yyyy HH:mm in the account zone', () => {
    expect(dataHora(new Date('2026-01-05T02:07:00Z'), 'America/Sao_Paulo')).toBe('04/01/2026 23:07');
    expect(dataHora(null, 'America/Sao_Paulo')).toBe('');
  });
});
