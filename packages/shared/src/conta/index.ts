import { z } from 'zod';

/** The account's general settings (Configurações > Geral): name, time zone and the white-label logo. */
export const CONTA_NOME_MAX = 80;
export const TIME_ZONE_PADRAO = 'America/Sao_Paulo';
/** The menu logo: a picture, checked by content on the server. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp';

export const CONTA_TEXTS = {
  nomeVazio: 'Informe o nome da conta.',
  nomeLongo: `Use no máximo ${CONTA_NOME_MAX} caracteres.`,
  fusoInvalido: 'Escolha um fuso horário válido.',
  logoTipo: 'Envie o logotipo em PNG, JPG ou WebP.',
  logoTamanho: 'O logotipo deve ter no máximo 1MB.',
  salvo: 'Configurações salvas.',
  logoSalvo: 'Logotipo atualizado.',
  logoRemovido: 'Logotipo removido.',
} as const;

/** An IANA time zone this runtime knows (Intl throws a RangeError on an unknown one). */
export function isTimeZone(tz: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(tz) && tz !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** GET /backend/api/conta: what every staff user's menu needs (name, zone, logo), editable by admin and master. */
export const ZConta = z.object({
  nome: z.string(),
  databaseName: z.string(),
  timeZone: z.string(),
  /** The white-label menu logo under /backend/uploads/logos/, or null for the product's own. */
  logoUrl: z.string().nullable(),
  /** The operator's white-label id: the product is sold under another brand (no Licença item, spec part 1 §2). */
  whiteLabelId: z.string().nullable(),
  /** Product analytics for this account's staff, when the operator turned it on (admins may turn it off). */
  telemetria: z.boolean(),
});
export type TConta = z.infer<typeof ZConta>;

/** PUT /backend/api/conta (admin and master). */
export const ZContaInput = z.object({
  nome: z.string({ error: CONTA_TEXTS.nomeVazio }).trim().min(1, CONTA_TEXTS.nomeVazio).max(CONTA_NOME_MAX, CONTA_TEXTS.nomeLongo),
  timeZone: z.string({ error: CONTA_TEXTS.fusoInvalido }).trim().refine(isTimeZone, CONTA_TEXTS.fusoInvalido),
  /** Absent: unchanged. */
  telemetria: z.boolean({ error: 'Informe se a análise de uso fica ligada.' }).optional(),
});
export type TContaInput = z.infer<typeof ZContaInput>;
