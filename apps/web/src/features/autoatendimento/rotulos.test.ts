import { describe, expect, it } from 'vitest';
import { camposLegiveis, rotuloDaChave, rotuloDoTipo } from './rotulos';

describe("an ERP request's type and fields as words", () => {
  it('labels a known type in Portuguese and spells out any other key', () => {
    expect(rotuloDoTipo('segunda_via_boleto')).toBe('2ª via de boleto');
    expect(rotuloDoTipo('troca_de_produto')).toBe('Troca de produto');
    expect(rotuloDaChave('numeroPedido')).toBe('Número pedido');
    expect(rotuloDaChave('data_vencimento')).toBe('Data vencimento');
  });

  it('shows the fields as labelled values, never as JSON', () => {
    const campos = camposLegiveis({
      numero_pedido: 12345,
      vencimento: '2026-12-10',
      pago: false,
      itens: ['Camiseta', 'Boné'],
      endereco: { cidade: 'São Paulo', cep: '01000-000' },
      observacao: null,
    });
    expect(campos.map((c) => [c.rotulo, c.valor])).toEqual([
      ['Número pedido', '12.345'],
      ['Vencimento', '10/12/2026'],
      ['Pago', 'Não'],
      ['Itens', 'Camiseta, Boné'],
      ['Endereço', 'Cidade: São Paulo; Cep: 01000-000'],
      ['Observação', '—'],
    ]);
    expect(campos.some((c) => /[{}"]/.test(c.valor))).toBe(false);
  });
});
