import { describe, expect, it } from 'vitest';
import {
  isTokenValid,
  shouldRefreshToken,
  STORAGE_KEYS,
  TOKEN_CHECK_INTERVAL_MS,
  TOKEN_REFRESH_THRESHOLD_S,
  tokenExp,
  tokenSecondsLeft,
  ZLoginInput,
} from './index';

/** A JWT-shaped string with the given payload (the signature is irrelevant to the client's timing). */
const jwt = (payload: object) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.assinatura`;

describe('session token timing (spec part 1 §4)', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const at = (secondsFromNow: number) => jwt({ sub: 'u', exp: Math.floor(now / 1000) + secondsFromNow });

  it('reads exp in seconds', () => {
    expect(tokenExp(at(3600))).toBe(Math.floor(now / 1000) + 3600);
    expect(tokenSecondsLeft(at(3600), now)).toBe(3600);
  });
  it('is valid only while exp is in the future', () => {
    expect(isTokenValid(at(1), now)).toBe(true);
    expect(isTokenValid(at(0), now)).toBe(false);
    expect(isTokenValid(at(-10), now)).toBe(false);
    expect(isTokenValid(null, now)).toBe(false);
    expect(isTokenValid('lixo', now)).toBe(false);
    expect(isTokenValid(jwt({ sub: 'u' }), now)).toBe(false);
  });
  it('refreshes under 300 s left, checked every 60 s', () => {
    expect(TOKEN_CHECK_INTERVAL_MS).toBe(60_000);
    expect(TOKEN_REFRESH_THRESHOLD_S).toBe(300);
    expect(shouldRefreshToken(at(301), now)).toBe(false);
    expect(shouldRefreshToken(at(299), now)).toBe(true);
    expect(shouldRefreshToken(at(-1), now)).toBe(false);
  });
});

describe('browser storage keys (spec part 1 §3)', () => {
  it('uses the names the spec gives', () => {
    expect(STORAGE_KEYS).toMatchObject({
      authToken: 'authToken',
      redirectTo: 'redirectTo',
      whatsappPopupDismissedUntil: 'whatsappPopupDismissedUntil',
      theme: 'theme',
    });
  });
});

describe('login validation', () => {
  it('trims and lower-cases the e-mail and asks for both fields in Portuguese', () => {
    expect(ZLoginInput.parse({ email: '  Master@Demo.Local ', senha: 'x' }).email).toBe('master@demo.local');
    const r = ZLoginInput.safeParse({ email: 'não-é-email', senha: '' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual(['Informe um e-mail válido.', 'Informe a senha.']);
  });
});
