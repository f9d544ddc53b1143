import { z } from 'zod';
import { formatReais, LICENCA_USUARIOS_MAX, LICENCA_VALOR_MAX } from '@balcao/shared/licenca-cobranca';
import { toAns } from './pix/brcode';
import { normalizarChavePix } from './pix/chave';
import type { PaymentProvider } from './provider';

/**
 * The PIX payment provider's environment (docs/licenca-pix.md). `PIX_PROVIDER` unset: no provider, and
 * creating a charge answers 503. Merged into env.ts's ZEnv; checked as a whole by `checkPixEnv`.
 */
export const ZPixEnvFields = {
  PIX_PROVIDER: z.enum(['static', 'api-pix'], { error: 'use static ou api-pix' }).optional(),
  /** The receiver's PIX key (static: goes into the BR Code; api-pix: the `chave` of each charge). */
  PIX_CHAVE: z.string().trim().min(1).max(77, 'deve ter no máximo 77 caracteres').optional(),
  /** Receiver's name and city shown by the payer's bank (accents stripped, cut to 25 and 15 characters). */
  PIX_RECEBEDOR_NOME: z.string().trim().min(1).optional(),
  PIX_RECEBEDOR_CIDADE: z.string().trim().min(1).optional(),
  /** API Pix (the Banco Central's standard): the PSP's base URL, e.g. https://pix.example.com */
  PIX_API_URL: z.url({ protocol: /^https$/, error: 'deve ser uma URL https://' }).optional(),
  /** The PSP's OAuth2 token endpoint (client credentials); default PIX_API_URL + /oauth/token. */
  PIX_API_TOKEN_URL: z.url({ protocol: /^https$/, error: 'deve ser uma URL https://' }).optional(),
  /** Path before /cob/{txid}, e.g. /v2 or /api/v2 (default /v2). */
  PIX_API_PREFIX: z
    .string()
    .trim()
    .regex(/^(\/[\w.-]+)*$/, 'deve ser um caminho como /v2 ou /api/v2 (ou vazio)')
    .default('/v2'),
  PIX_API_CLIENT_ID: z.string().min(1).optional(),
  PIX_API_CLIENT_SECRET: z.string().min(1).optional(),
  /** OAuth2 scope to ask for, when the PSP wants one (e.g. "cob.write cob.read"). */
  PIX_API_SCOPE: z.string().optional(),
  /** The client certificate and its key the PSP issued (PEM files): every call to the PSP is mTLS. */
  PIX_API_CERT: z.string().min(1).optional(),
  PIX_API_KEY: z.string().min(1).optional(),
  /** Extra CA (PEM file) to trust for the PSP's server certificate (homologation environments). */
  PIX_API_CA: z.string().min(1).optional(),
  /** Seconds a charge stays payable (API Pix `calendario.expiracao`). */
  PIX_API_EXPIRACAO: z.coerce.number().int().min(60).default(86_400),
  /**
   * The PSP's webhook (POST /backend/licenca/webhook/pix) is accepted only with what is configured here: a shared
   * secret (header X-Webhook-Secret, or ?segredo= in the webhook URL registered at the PSP) and/or the header a
   * TLS-terminating proxy sets after verifying the PSP's client certificate ("x-ssl-client-verify" -> SUCCESS).
   * Neither set: the webhook route answers 404 and payments are seen by asking the PSP.
   */
  PIX_WEBHOOK_SECRET: z.string().min(16, 'deve ter pelo menos 16 caracteres').optional(),
  PIX_WEBHOOK_CERT_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+$/, 'deve ser um nome de cabeçalho HTTP')
    .optional(),
  /** The operator's prices (GET /licenca/getlicencainfo), in reais: spec defaults 149 and 0; the AI assistant's is ours. */
  LICENCA_VALOR_BASE: z.coerce.number().min(0).default(149),
  LICENCA_VALOR_POR_USUARIO: z.coerce.number().min(0).default(0),
  LICENCA_VALOR_IA: z.coerce.number().min(0).default(50),
};

const ZPixEnv = z.object(ZPixEnvFields);
type TPixEnv = z.infer<typeof ZPixEnv>;

const REQUIRED: Record<'static' | 'api-pix', (keyof TPixEnv)[]> = {
  static: ['PIX_CHAVE', 'PIX_RECEBEDOR_NOME', 'PIX_RECEBEDOR_CIDADE'],
  'api-pix': [
    'PIX_CHAVE',
    'PIX_RECEBEDOR_NOME',
    'PIX_RECEBEDOR_CIDADE',
    'PIX_API_URL',
    'PIX_API_CLIENT_ID',
    'PIX_API_CLIENT_SECRET',
    'PIX_API_CERT',
    'PIX_API_KEY',
  ],
};

/** Cross-field rule for ZEnv's superRefine: each provider names what it needs. */
export function checkPixEnv(env: Partial<TPixEnv>, ctx: z.RefinementCtx): void {
  const issue = (name: keyof TPixEnv, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
  // The dearest charge (every seat, the AI assistant) must fit valor_centavos, a 32-bit integer of centavos.
  const precos = licencaPrecos(env);
  const maior = precos.valorBase + LICENCA_USUARIOS_MAX * precos.valorPorUsuario + precos.valorIa;
  if (maior > LICENCA_VALOR_MAX)
    issue(
      'LICENCA_VALOR_POR_USUARIO',
      `com ${LICENCA_USUARIOS_MAX} usuários e o Assistente de IA a cobrança seria ${formatReais(maior)}, acima do máximo de ${formatReais(LICENCA_VALOR_MAX)}`,
    );
  if (!env.PIX_PROVIDER) return;
  for (const name of REQUIRED[env.PIX_PROVIDER]) {
    if (env[name] === undefined) issue(name, `obrigatória com PIX_PROVIDER=${env.PIX_PROVIDER}`);
  }
  if (env.PIX_CHAVE !== undefined) {
    const chave = normalizarChavePix(env.PIX_CHAVE);
    if (!chave.ok) issue('PIX_CHAVE', chave.motivo);
  }
  // The BR Code carries name and city in plain ASCII: a name with no Latin letter would leave nothing to show.
  for (const name of ['PIX_RECEBEDOR_NOME', 'PIX_RECEBEDOR_CIDADE'] as const) {
    const value = env[name];
    if (value !== undefined && !/[A-Za-z]/.test(toAns(value)))
      issue(name, 'deve ter letras do alfabeto latino (o código PIX não leva outras)');
  }
}

/** The key as the DICT has it (checkPixEnv refused any other). */
const chaveDict = (raw: string) => {
  const c = normalizarChavePix(raw);
  return c.ok ? c.chave : raw;
};

export type PixConfig =
  | { provider: 'static'; chave: string; nome: string; cidade: string; webhook: WebhookAuth }
  | {
      provider: 'api-pix';
      chave: string;
      nome: string;
      cidade: string;
      baseUrl: string;
      tokenUrl: string;
      prefix: string;
      clientId: string;
      clientSecret: string;
      scope?: string;
      certPath: string;
      keyPath: string;
      caPath?: string;
      expiracao: number;
      webhook: WebhookAuth;
    };
export type WebhookAuth = { secret?: string; certHeader?: string };

/** The provider's settings from a checked environment; null when PIX_PROVIDER is unset. */
export function pixConfig(env: Partial<TPixEnv>): PixConfig | null {
  if (!env.PIX_PROVIDER) return null;
  const webhook = { secret: env.PIX_WEBHOOK_SECRET, certHeader: env.PIX_WEBHOOK_CERT_HEADER };
  const recebedor = { chave: chaveDict(env.PIX_CHAVE!), nome: env.PIX_RECEBEDOR_NOME!, cidade: env.PIX_RECEBEDOR_CIDADE! };
  if (env.PIX_PROVIDER === 'static') return { provider: 'static', ...recebedor, webhook };
  if (env.PIX_PROVIDER === 'api-pix') {
    const baseUrl = env.PIX_API_URL!.replace(/\/+$/, '');
    return {
      provider: 'api-pix',
      ...recebedor,
      baseUrl,
      tokenUrl: env.PIX_API_TOKEN_URL ?? `${baseUrl}/oauth/token`,
      prefix: env.PIX_API_PREFIX ?? '/v2',
      clientId: env.PIX_API_CLIENT_ID!,
      clientSecret: env.PIX_API_CLIENT_SECRET!,
      scope: env.PIX_API_SCOPE,
      certPath: env.PIX_API_CERT!,
      keyPath: env.PIX_API_KEY!,
      caPath: env.PIX_API_CA,
      expiracao: env.PIX_API_EXPIRACAO ?? 86_400,
      webhook,
    };
  }
  return null;
}

export type LicencaPrecos = { valorBase: number; valorPorUsuario: number; valorIa: number };
export const PRECOS_PADRAO: LicencaPrecos = { valorBase: 149, valorPorUsuario: 0, valorIa: 50 };

/** What the licence module is given (AppContext.licencaPagamentos): the provider (null = none), webhook rules, prices. */
export type LicencaPagamentos = { provider: PaymentProvider | null; webhook: WebhookAuth; precos: LicencaPrecos };

export function licencaPrecos(env: Partial<TPixEnv>): LicencaPrecos {
  return {
    valorBase: env.LICENCA_VALOR_BASE ?? PRECOS_PADRAO.valorBase,
    valorPorUsuario: env.LICENCA_VALOR_POR_USUARIO ?? PRECOS_PADRAO.valorPorUsuario,
    valorIa: env.LICENCA_VALOR_IA ?? PRECOS_PADRAO.valorIa,
  };
}
