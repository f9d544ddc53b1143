import { type TConfigPublica, ZConfigPublica } from '@balcao/shared/config-publica';
import { request } from './http';
import { getToken } from './session-store';

/** The answer of this session (its token: another sign-in asks again), shared by whoever asks meanwhile. */
let atual: { token: string | null; answer: Promise<TConfigPublica> } | null = null;

/**
 * GET /backend/api/public/config, once per session: analytics (features/analytics/start.ts) and Web Push
 * (features/notificacoes/pwa.ts) read the same answer. A failed read is asked again by the next caller.
 */
export function getConfigPublica(): Promise<TConfigPublica> {
  const token = getToken();
  if (atual?.token === token) return atual.answer;
  const answer = request('GET', '/api/public/config', ZConfigPublica);
  const mine = { token, answer };
  atual = mine;
  answer.catch(() => {
    if (atual === mine) atual = null;
  });
  return answer;
}

/** The account's settings changed (its analytics switch): the next caller reads the answer again. */
export function forgetConfigPublica() {
  atual = null;
}
