import { describe, expect, it } from 'vitest';
import { ocultarDadosPessoais } from './privacidade';

describe('personal data placeholders', () => {
  it('replaces CPF, CNPJ, cards and e-mails, written any usual way', () => {
    expect(ocultarDadosPessoais('Meu CPF é 123.456.789-09 ou 12345678909.')).toBe('Meu CPF é [CPF] ou [CPF].');
    expect(ocultarDadosPessoais('CNPJ 12.345.678/0001-95 e 12345678000195')).toBe('CNPJ [CNPJ] e [CNPJ]');
    expect(ocultarDadosPessoais('cartão 4111 1111 1111 1111, venc. 12/29')).toBe('cartão [CARTAO], venc. 12/29');
    expect(ocultarDadosPessoais('escreva para joao.silva+loja@exemplo.com.br')).toBe('escreva para [EMAIL]');
  });

  it('leaves order numbers, phones, prices and dates alone', () => {
    const texto = 'Pedido 1234567890123 (não é cartão), tel (31) 99876-5432, R$ 1.234,56 em 05/12/2026.';
    expect(ocultarDadosPessoais(texto)).toBe(texto);
  });
});
