import { describe, expect, it } from 'vitest';
import { validatePreChat } from './prechat';

const dep = { id: '6f1c2f4e-6d3a-4b53-9a55-1f4c3c1d2e10', nome: 'Vendas' };

describe('validatePreChat', () => {
  it('requires every field the channel asks for, in Portuguese', () => {
    const r = validatePreChat(
      { camposPreChat: ['nome', 'email', 'telefone'], departamentos: [dep], consentimento: null },
      { email: 'ana@', telefone: '12' },
    );
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual({
      nome: 'Informe seu nome.',
      email: 'Informe um e-mail válido.',
      telefone: 'Informe seu telefone.',
      departamentoId: 'Escolha um departamento.',
    });
  });

  it('sends only the asked fields, trimmed', () => {
    const r = validatePreChat(
      { camposPreChat: ['nome', 'email'], departamentos: [dep], consentimento: null },
      { nome: '  Ana ', email: 'ana@ex.com', telefone: '999', departamentoId: dep.id },
    );
    expect(r.ok).toBe(true);
    expect(r.data).toEqual({ nome: 'Ana', email: 'ana@ex.com', departamentoId: dep.id });
  });

  it('refuses a department the channel does not offer', () => {
    expect(validatePreChat({ camposPreChat: [], departamentos: [dep], consentimento: null }, { departamentoId: 'x' }).ok).toBe(false);
    expect(validatePreChat({ camposPreChat: [], departamentos: [], consentimento: null }, {}).ok).toBe(true);
  });

  it('sends an opt-in only for a ticked box the channel shows; the box is optional', () => {
    const c = { camposPreChat: [], departamentos: [], consentimento: 'Aceito receber mensagens.' };
    expect(validatePreChat(c, { consentimento: 'on' })).toEqual({ errors: {}, data: { consentimento: true }, ok: true });
    expect(validatePreChat(c, {})).toEqual({ errors: {}, data: {}, ok: true });
    expect(validatePreChat({ ...c, consentimento: null }, { consentimento: 'on' }).data).toEqual({});
  });
});
