import path from 'node:path';
import { z } from 'zod';
import { SESSIONS_PER_MINUTE_PER_IP, VISITOR_MESSAGES_PER_MINUTE } from '@balcao/shared/widget';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const ZEnv = z.object({
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
  SEED_DEMO: bool.optional(),
  WIDGET_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(VISITOR_MESSAGES_PER_MINUTE),
  WIDGET_SESSIONS_PER_MINUTE: z.coerce.number().int().min(1).default(SESSIONS_PER_MINUTE_PER_IP),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
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
