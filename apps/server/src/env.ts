import { isIPv4, isIPv6 } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { SESSIONS_PER_MINUTE_PER_IP, VISITOR_MESSAGES_PER_MINUTE } from '@balcao/shared/widget';
import { checkPixEnv, ZPixEnvFields } from './payments/config';
import { WA_VERSION_RE } from './channels/whatsapp-web/version';
import { checkStorageEnv, ZStorageEnvFields } from './lib/storage/config';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (v: string) => {
  const [addr = '', bits, ...rest] = v.split('/');
  const max = isIPv4(addr) ? 32 : isIPv6(addr) ? 128 : 0;
  return PROXY_NAMES.includes(v) || (max > 0 && rest.length === 0 && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= max)));
};
/**
 * TRUST_PROXY, read as Fastify's `trustProxy`: how many proxies in front of this server append to
 * X-Forwarded-For, and req.ip is the address the outermost trusted one saw. `1` (or `true`): one load
 * balancer; `2`: a CDN and a load balancer; `0`/`false` (default): none, X-Forwarded-* ignored. Or the
 * proxies' own addresses or CIDRs, comma-separated (`10.0.0.0/8,loopback`). Never "trust everything": the
 * left-most X-Forwarded-For is whatever the client wrote.
 */
const ZTrustProxy = z
  .string()
  .trim()
  .transform((v, ctx): number | string[] | false => {
    if (v === 'false' || v === '0') return false;
    if (v === 'true') return 1;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v.split(',').map((s) => s.trim());
    if (list.every(isProxyAddress)) return list;
    ctx.addIssue({
      code: 'custom',
      message: 'use o número de proxies à frente (1, 2...), false, ou os endereços/CIDR deles separados por vírgula',
    });
    return z.NEVER;
  });

const ZEnvFields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'deve ser uma URL postgres://' }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'deve ser uma URL redis://' }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'deve ser uma URL smtp:// ou smtps://' }).optional(),
  MAIL_FROM: z.string().default('Balcão <nao-responda@balcao.local>'),
  JWT_SECRET: z.string().min(32, 'deve ter pelo menos 32 caracteres').optional(),
  CHANNEL_SECRET_KEY: z.string().min(32, 'deve ter pelo menos 32 caracteres').optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'deve ser uma URL http:// ou https://' }).optional(),
  OPERATOR_TOKEN: z.string().min(16, 'deve ter pelo menos 16 caracteres').optional(),
  /** Turns GET /backend/metrics on (Prometheus, `Authorization: Bearer`); unset, it answers 404. */
  METRICS_TOKEN: z.string().min(16, 'deve ter pelo menos 16 caracteres').optional(),
  /** The operator's Grafana: /grafana redirects there; unset, /grafana says how to set it. */
  GRAFANA_URL: z.url({ protocol: /^https?$/, error: 'deve ser uma URL http:// ou https://' }).optional(),
  /** Product analytics (PostHog), off unless set: the project key, and its host (EU or self-hosted). */
  POSTHOG_KEY: z.string().trim().min(1).optional(),
  POSTHOG_HOST: z.url({ protocol: /^https?$/, error: 'deve ser uma URL http:// ou https://' }).default('https://us.i.posthog.com'),
  SEED_DEMO: bool.optional(),
  WIDGET_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(VISITOR_MESSAGES_PER_MINUTE),
  WIDGET_SESSIONS_PER_MINUTE: z.coerce.number().int().min(1).default(SESSIONS_PER_MINUTE_PER_IP),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `json` always; `auto` (default): readable lines when standard output is a terminal, JSON otherwise. */
  LOG_FORMAT: z.enum(['auto', 'json']).default('auto'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: ZTrustProxy.default(false),
  /** WhatsApp Cloud API: Meta's Graph API (tests and staging point elsewhere), its version, sends per second per number (defaults in channels/whatsapp-cloud/driver.ts). */
  WHATSAPP_GRAPH_URL: z.url({ protocol: /^https?$/, error: 'deve ser uma URL http:// ou https://' }).optional(),
  WHATSAPP_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'use o formato v23.0')
    .optional(),
  WHATSAPP_SENDS_PER_SECOND: z.coerce.number().int().min(1).max(1000).optional(),
  /** WhatsApp Web: least milliseconds between two sends of one number (bulk bursts get numbers banned). */
  WAPI_SEND_GAP_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** WhatsApp Web: the version announced to WhatsApp (when it refuses the latest online and the built-in one, 405). */
  WAPI_VERSION: z.string().trim().regex(WA_VERSION_RE, 'use o formato 2.3000.1023223821').optional(),
  /** The AI assistant's default provider (any OpenAI-compatible API; docs/operacao-ia.md); accounts may set their own. */
  IA_BASE_URL: z.url({ protocol: /^https?$/, error: 'deve ser uma URL http:// ou https://' }).optional(),
  IA_API_KEY: z.string().optional(),
  IA_MODELO: z.string().trim().min(1).optional(),
  IA_MODELO_TRANSCRICAO: z.string().trim().min(1).optional(),
  /** Most tokens one account may spend a month (past it, 429); unset: no cap. */
  IA_LIMITE_TOKENS_MES: z.coerce.number().int().min(1).optional(),
  /** Assistant calls one user may start a minute (default IA_CHAMADAS_POR_MINUTO of the shared package). */
  IA_CHAMADAS_POR_MINUTO: z.coerce.number().int().min(1).optional(),
  /** Web Push (lib/vapid.ts): both keys or neither (then generated once into DATA_DIR); the subject a push service may write to. */
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'use a chave pública VAPID em base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'use a chave privada VAPID em base64url')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'use mailto:endereco ou uma URL https://')
    .optional(),
  /** The licence's PIX payment provider (payments/config.ts; docs/licenca-pix.md). */
  ...ZPixEnvFields,
  /** Uploads in an S3-compatible bucket (lib/storage/config.ts; docs/operacao.md). */
  ...ZStorageEnvFields,
});
export const ZEnv = ZEnvFields.superRefine((env, ctx) => {
  checkPixEnv(env, ctx);
  checkStorageEnv(env, ctx);
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY))
    ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'defina VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY juntas' });
});
export type TEnv = z.infer<typeof ZEnv> & { dataDir: string };

/** Reads and checks the environment; a wrong value names the variable and why, and stops the process. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): TEnv {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      console.error(`Variável de ambiente inválida: ${issue.path.join('.')}: ${issue.message}`);
    }
    process.exit(1);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
