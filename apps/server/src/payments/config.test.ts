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
    expect(issues({ PIX_PROVIDER: 'api-pix', PIX_CHAVE: 'k', PIX_RECEBEDOR_NOME: 'N', PIX_RECEBEDOR_CIDADE: 'C' })).toEqual(
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
      PIX_CHAVE: 'chave',
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
});
