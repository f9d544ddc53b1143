import { describe, expect, it } from 'vitest';
import { ZEnv } from '../env';
import { pixConfig } from './config';

const issues = (env: Record<string, string>) => {
  const r = ZEnv.safeParse(env);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('PIX provider environment', () => {
  it('unset: no provider', () => {
    expect(pixConfig(ZEnv.parse({}))).toBeNull();
  });

  it('names each variable a provider needs', () => {
    expect(issues({ PIX_PROVIDER: 'static' })).toEqual([
      'PIX_CHAVE: obrigatória com PIX_PROVIDER=static',
      'PIX_RECEBEDOR_NOME: obrigatória com PIX_PROVIDER=static',
      'PIX_RECEBEDOR_CIDADE: obrigatória com PIX_PROVIDER=static',
    ]);
    expect(issues({ PIX_PROVIDER: 'api-pix', PIX_CHAVE: 'k@loja.com.br', PIX_RECEBEDOR_NOME: 'N', PIX_RECEBEDOR_CIDADE: 'C' })).toEqual(
      ['PIX_API_URL', 'PIX_API_CLIENT_ID', 'PIX_API_CLIENT_SECRET', 'PIX_API_CERT', 'PIX_API_KEY'].map(
        (v) => `${v}: obrigatória com PIX_PROVIDER=api-pix`,
      ),
    );
    expect(issues({ PIX_PROVIDER: 'boleto' })).toEqual(['PIX_PROVIDER: use static ou api-pix']);
    expect(issues({ PIX_API_URL: 'http://psp.example' })).toEqual(['PIX_API_URL: deve ser uma URL https://']);
  });

  it('reads the API Pix settings with their defaults', () => {
    const env = ZEnv.parse({
      PIX_PROVIDER: 'api-pix',
      PIX_CHAVE: 'pix@balcao.com.br',
      PIX_RECEBEDOR_NOME: 'Balcão',
      PIX_RECEBEDOR_CIDADE: 'São Paulo',
      PIX_API_URL: 'https://psp.example/',
      PIX_API_CLIENT_ID: 'id',
      PIX_API_CLIENT_SECRET: 'secret',
      PIX_API_CERT: '/etc/pix/cert.pem',
      PIX_API_KEY: '/etc/pix/key.pem',
      PIX_WEBHOOK_CERT_HEADER: 'X-SSL-Client-Verify',
    });
    expect(pixConfig(env)).toMatchObject({
      provider: 'api-pix',
      baseUrl: 'https://psp.example',
      tokenUrl: 'https://psp.example/oauth/token',
      prefix: '/v2',
      expiracao: 86_400,
      webhook: { certHeader: 'x-ssl-client-verify' },
    });
  });

  it('normalises the PIX key to its DICT form, or refuses it at start with the reason', () => {
    const estatico = { PIX_PROVIDER: 'static', PIX_RECEBEDOR_NOME: 'Balcao Operador', PIX_RECEBEDOR_CIDADE: 'Sao Paulo' };
    const chave = (PIX_CHAVE: string) => (pixConfig(ZEnv.parse({ ...estatico, PIX_CHAVE })) as { chave: string }).chave;
    expect(chave('123.456.789-09')).toBe('12345678909');
    expect(chave('11.222.333/0001-81')).toBe('11222333000181');
    expect(chave('(11) 91234-5678')).toBe('+5511912345678');
    expect(chave('+55 11 91234-5678')).toBe('+5511912345678');
    expect(chave('Contato@Balcao-Operador.com.br')).toBe('contato@balcao-operador.com.br');
    expect(chave('123E4567-E89B-12D3-A456-426614174000')).toBe('123e4567-e89b-12d3-a456-426614174000');
    for (const [PIX_CHAVE, motivo] of [
      ['123.456.789-00', 'CPF com dígitos verificadores inválidos'],
      ['11.222.333/0001-80', 'CNPJ com dígitos verificadores inválidos'],
      ['+1 212 555 0100', 'não é CPF, CNPJ, telefone +55, e-mail nem chave aleatória'],
      ['chave', 'não é CPF, CNPJ, telefone, e-mail nem chave aleatória'],
      ['a@b', 'e-mail inválido como chave PIX'],
    ] as const)
      expect(issues({ ...estatico, PIX_CHAVE }), PIX_CHAVE).toEqual([`PIX_CHAVE: ${motivo}`]);
  });

  it('refuses at start a receiver with no Latin letter and prices a charge could not hold', () => {
    const base = { PIX_PROVIDER: 'static', PIX_CHAVE: 'pix@balcao.com.br', PIX_RECEBEDOR_CIDADE: 'Sao Paulo' };
    expect(issues({ ...base, PIX_RECEBEDOR_NOME: '東京商店' })).toEqual([
      'PIX_RECEBEDOR_NOME: deve ter letras do alfabeto latino (o código PIX não leva outras)',
    ]);
    expect(issues({ ...base, PIX_RECEBEDOR_NOME: 'Café 東京' })).toEqual([]);
    expect(issues({ LICENCA_VALOR_POR_USUARIO: '43000' })).toEqual([
      'LICENCA_VALOR_POR_USUARIO: com 500 usuários e o Assistente de IA a cobrança seria R$\u00a021.500.199,00, acima do máximo de R$\u00a021.474.836,47',
    ]);
    expect(issues({ LICENCA_VALOR_POR_USUARIO: '42000' })).toEqual([]);
  });
});
