import { describe, expect, it } from 'vitest';
import { ZCanalWidgetInput, type TCanal } from '@balcao/shared/canais';
import {
  ORIGEM_DUPLICADA,
  ORIGENS_LIMITE,
  ORIGENS_MAX,
  addOrigem,
  canalToForm,
  emptyCanal,
  normalizeOrigem,
  prepareCanal,
  serverFieldErrors,
} from './canal-form';

const DEP_A = '0b9a3f1e-5c2d-4e8f-9a7b-1c2d3e4f5a6b';
const DEP_B = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('channel form helpers', () => {
  it('starts from the schema defaults', () => {
    expect(emptyCanal()).toEqual({
      nome: '',
      cor: '#4f46e5',
      saudacao: 'Olá! Como podemos ajudar?',
      camposPreChat: [],
      escolherDepartamento: false,
      departamentoIds: [],
      departamentoPadraoId: null,
      origensPermitidas: [],
      verificarIdentidade: false,
      pedirConsentimento: false,
      centralId: null,
      ativo: true,
    });
  });

  it('turns a pasted address into its origin', () => {
    expect(normalizeOrigem(' https://Loja.com.br/contato/?a=1 ')).toBe('https://loja.com.br');
    expect(normalizeOrigem('http://localhost:8080/')).toBe('http://localhost:8080');
    expect(normalizeOrigem('loja.com.br')).toBe('loja.com.br');
  });

  it('adds sites with the schema messages, no duplicates, up to the limit', () => {
    expect(addOrigem([], 'https://loja.com.br/')).toEqual({ list: ['https://loja.com.br'], error: null });
    expect(addOrigem([], 'loja.com.br').error).toBe('Informe a origem como https://seusite.com.br (sem caminho).');
    expect(addOrigem(['https://loja.com.br'], 'HTTPS://LOJA.COM.BR').error).toBe(ORIGEM_DUPLICADA);
    const full = Array.from({ length: ORIGENS_MAX }, (_, i) => `https://s${i}.com`);
    expect(addOrigem(full, 'https://mais.com').error).toBe(ORIGENS_LIMITE);
  });

  it('keeps the limit in step with the shared schema', () => {
    const base = { nome: 'Site', origensPermitidas: [] as string[] };
    const sites = (n: number) => Array.from({ length: n }, (_, i) => `https://s${i}.com`);
    expect(ZCanalWidgetInput.safeParse({ ...base, origensPermitidas: sites(ORIGENS_MAX) }).success).toBe(true);
    expect(ZCanalWidgetInput.safeParse({ ...base, origensPermitidas: sites(ORIGENS_MAX + 1) }).success).toBe(false);
  });

  it('validates with the shared schema and its Portuguese messages', () => {
    const { data, errors } = prepareCanal({ ...emptyCanal(), cor: 'azul' }, null);
    expect(data).toBeNull();
    expect(errors).toMatchObject({
      nome: 'Informe o nome do canal.',
      cor: 'Escolha uma cor válida.',
      origensPermitidas: 'Informe pelo menos um site permitido.',
    });
  });

  it('sends departments only when the visitor may choose, dropping deleted ones', () => {
    const values = {
      ...emptyCanal(),
      nome: 'Site',
      origensPermitidas: ['https://a.com'],
      departamentoIds: [DEP_A, DEP_B],
      departamentoPadraoId: DEP_B,
    };
    expect(prepareCanal(values, [DEP_A, DEP_B]).data?.departamentoIds).toEqual([]);
    const choose = prepareCanal({ ...values, escolherDepartamento: true }, [DEP_A]).data;
    expect(choose?.departamentoIds).toEqual([DEP_A]);
    expect(choose?.departamentoPadraoId).toBeNull();
  });

  it('reads a channel back into the form', () => {
    const canal: TCanal = {
      id: 'c1',
      tipo: 'widget',
      nome: 'Loja',
      ativo: false,
      token: 't',
      segredo: null,
      snippet: '',
      criadoEm: '2025-01-01T00:00:00Z',
      config: { ...emptyCanal(), origensPermitidas: ['https://a.com'] },
    };
    expect(canalToForm(canal)).toMatchObject({ nome: 'Loja', ativo: false, origensPermitidas: ['https://a.com'], cor: '#4f46e5' });
  });

  it('maps the server field errors to form fields', () => {
    expect(serverFieldErrors({ 'origensPermitidas.1': ['Origem inválida.'], nome: ['Já existe.', 'outra'] })).toEqual({
      origensPermitidas: 'Origem inválida.',
      nome: 'Já existe.',
    });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});
