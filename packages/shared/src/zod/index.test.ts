import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/** The first message of a failed parse (vitest.setup.ts configures the Portuguese messages, as each entry point does). */
const mensagem = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('esperava um erro');
  return r.error.issues[0]!.message;
};

describe('zod messages in Brazilian Portuguese', () => {
  it('says bounds, required fields and formats as a person in Brazil reads them', () => {
    expect(mensagem(z.string().min(2), 'a')).toBe('Muito curto: use pelo menos 2 caracteres.');
    expect(mensagem(z.string().min(1), '')).toBe('Muito curto: use pelo menos 1 caractere.');
    expect(mensagem(z.string().max(100), 'a'.repeat(101))).toBe('Muito longo: use no máximo 100 caracteres.');
    expect(mensagem(z.number().int().min(1), 0)).toBe('Muito pequeno: o mínimo é 1.');
    expect(mensagem(z.number().positive(), 0)).toBe('Muito pequeno: deve ser maior que 0.');
    expect(mensagem(z.number().max(5000), 5001)).toBe('Muito grande: o máximo é 5.000.');
    expect(mensagem(z.array(z.string()).min(1), [])).toBe('Poucos itens: pelo menos 1 item.');
    expect(mensagem(z.array(z.string()).max(3), ['a', 'b', 'c', 'd'])).toBe('Itens demais: no máximo 3 itens.');
    expect(mensagem(z.object({ nome: z.string() }), {})).toBe('Campo obrigatório.');
    expect(mensagem(z.email(), 'não')).toBe('Informe um e-mail válido.');
    expect(mensagem(z.enum(['a', 'b']), 'c')).toBe('Opção inválida.');
  });

  it('uses no European Portuguese nor English in what falls to the locale', () => {
    const outros = [mensagem(z.string(), 5), mensagem(z.string().startsWith('x'), 'y'), mensagem(z.object({}).strict(), { a: 1 })];
    for (const m of outros) expect(m).not.toMatch(/Demasiado|registo|ficheiro|começar por|expected|too /i);
  });

  it('keeps a schema’s own message', () => {
    expect(mensagem(z.string().min(1, 'Informe o nome.'), '')).toBe('Informe o nome.');
  });
});
