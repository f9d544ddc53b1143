import { z } from 'zod';
import { ZCurrentUser } from '../usuarios';

/** Spec part 1 §4, §9: session timing (client side). */
export const TOKEN_CHECK_INTERVAL_MS = 60_000;
export const TOKEN_REFRESH_THRESHOLD_S = 300;
export const HEARTBEAT_INTERVAL_MS = 30_000;
export const CURRENT_USER_STALE_MS = 300_000;
/** Access token lifetime (1 hour, `exp` in seconds). */
export const ACCESS_TOKEN_TTL_S = 3600;
/** Refresh cookie lifetime: 30 days of inactivity ends the session. */
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;
/** Password-reset link validity (1 hour). */
export const PASSWORD_RESET_TTL_S = 3600;
/** Login failures allowed per IP and e-mail within the window before a 429. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_S = 15 * 60;
/** Failures for one e-mail from any number of addresses (a forged X-Forwarded-For does not help), same window. */
export const LOGIN_MAX_FAILURES_PER_EMAIL = 10;
/** Failures from one address over any number of e-mails (password spraying), same window. */
export const LOGIN_MAX_FAILURES_PER_IP = 20;
/** Password-reset requests: per address and per e-mail within the window, answered 429 beyond. */
export const PASSWORD_RESET_MAX_PER_IP = 10;
export const PASSWORD_RESET_MAX_PER_EMAIL = 3;
export const PASSWORD_RESET_WINDOW_S = 60 * 60;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Browser storage keys (spec part 1 §3). */
export const STORAGE_KEYS = {
  authToken: 'authToken',
  redirectTo: 'redirectTo',
  whatsappPopupDismissedUntil: 'whatsappPopupDismissedUntil',
  theme: 'theme',
  dockHeaderStyle: 'dockHeaderStyle',
  dockPosition: 'dockPosition',
  dockAutoHide: 'dockAutoHide',
  /** Cross-tab marker of the single-tab guard (name not given by the spec). */
  activeTab: 'balcao:activeTab',
} as const;

export const TEXTS = {
  invalidToken: 'Token inválido. Faça login novamente.',
  welcomeTitle: 'Bem-vindo!',
  welcomeByToken: 'Suas credenciais de acesso foram enviadas por e-mail.',
  wrongCredentials: 'E-mail ou senha incorretos.',
  tooManyAttempts: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  tooManyResetRequests: 'Muitos pedidos de redefinição de senha. Aguarde alguns minutos e tente novamente.',
  sessionExpired: 'Sua sessão expirou. Faça login novamente.',
  resetRequested: 'Se o e-mail estiver cadastrado, enviaremos um link para redefinir a senha.',
  resetInvalid: 'Este link de redefinição é inválido ou expirou. Peça um novo.',
  resetDone: 'Senha redefinida. Entre com a nova senha.',
} as const;

const email = z
  .string({ error: 'Informe o e-mail.' })
  .trim()
  .toLowerCase()
  .min(1, 'Informe o e-mail.')
  .pipe(z.email({ error: 'Informe um e-mail válido.' }));
export const ZPassword = z
  .string({ error: 'Informe a senha.' })
  .min(PASSWORD_MIN_LENGTH, `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`)
  .max(PASSWORD_MAX_LENGTH, `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`);

export const ZLoginInput = z.object({
  email,
  senha: z.string({ error: 'Informe a senha.' }).min(1, 'Informe a senha.').max(PASSWORD_MAX_LENGTH, 'Senha inválida.'),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;

export const ZLoginAnswer = z.object({ token: z.string(), user: ZCurrentUser });
export type TLoginAnswer = z.infer<typeof ZLoginAnswer>;
export const ZTokenAnswer = z.object({ token: z.string() });

export const ZForgotPasswordInput = z.object({ email });
export const ZResetPasswordInput = z.object({
  token: z.string().min(10, TEXTS.resetInvalid).max(200, TEXTS.resetInvalid),
  senha: ZPassword,
});
export type TResetPasswordInput = z.infer<typeof ZResetPasswordInput>;
export const ZMessageAnswer = z.object({ message: z.string() });

/** A token is valid while its `exp` (seconds) is in the future (spec part 1 §4). */
export function tokenExp(token: string | null | undefined): number | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}
export function tokenSecondsLeft(token: string | null | undefined, nowMs = Date.now()): number {
  const exp = tokenExp(token);
  return exp === null ? -1 : exp - Math.floor(nowMs / 1000);
}
export const isTokenValid = (token: string | null | undefined, nowMs = Date.now()) => tokenSecondsLeft(token, nowMs) > 0;
export const shouldRefreshToken = (token: string | null | undefined, nowMs = Date.now()) => {
  const left = tokenSecondsLeft(token, nowMs);
  return left > 0 && left < TOKEN_REFRESH_THRESHOLD_S;
};
