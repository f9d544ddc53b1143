import { LOGIN_FAILURE_WINDOW_S, LOGIN_MAX_FAILURES } from '@balcao/shared/auth';
import type { RateCounter } from './rate-counter';

/** Counts failed logins per IP and e-mail: after 5 in 15 minutes, the next tries get a 429. */
export type LoginThrottle = {
  isBlocked(key: string): Promise<boolean>;
  fail(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

export function loginThrottle(counter: RateCounter, max = LOGIN_MAX_FAILURES, windowS = LOGIN_FAILURE_WINDOW_S): LoginThrottle {
  const k = (key: string) => `login:${key}`;
  return {
    isBlocked: async (key) => (await counter.get(k(key))) >= max,
    fail: async (key) => void (await counter.hit(k(key), windowS)),
    reset: (key) => counter.reset(k(key)),
  };
}
