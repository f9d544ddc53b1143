import {
  LOGIN_FAILURE_WINDOW_S,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_EMAIL,
  LOGIN_MAX_FAILURES_PER_IP,
  PASSWORD_RESET_MAX_PER_EMAIL,
  PASSWORD_RESET_MAX_PER_IP,
  PASSWORD_RESET_WINDOW_S,
} from '@balcao/shared/auth';
import { ipKey } from './client-ip';
import type { RateCounter } from './rate-counter';

export type ThrottleLimits = {
  /** Failed logins per address and e-mail, per e-mail (any address), per address (any e-mail), in `windowS`. */
  perIpAndEmail: number;
  perEmail: number;
  perIp: number;
  windowS: number;
  /** Password-reset requests per address and per e-mail in `resetWindowS`. */
  resetPerIp: number;
  resetPerEmail: number;
  resetWindowS: number;
};

const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  perIpAndEmail: LOGIN_MAX_FAILURES,
  perEmail: LOGIN_MAX_FAILURES_PER_EMAIL,
  perIp: LOGIN_MAX_FAILURES_PER_IP,
  windowS: LOGIN_FAILURE_WINDOW_S,
  resetPerIp: PASSWORD_RESET_MAX_PER_IP,
  resetPerEmail: PASSWORD_RESET_MAX_PER_EMAIL,
  resetWindowS: PASSWORD_RESET_WINDOW_S,
};

/**
 * Limits on guessing passwords and on reset e-mails, counted in the shared RateCounter (Redis when set, so
 * every instance agrees). `ip` is `req.ip`: the client address after the trusted proxy hops (TRUST_PROXY),
 * so a forged X-Forwarded-For names no other client; IPv6 addresses count per /64.
 *
 * A login is refused (429) while any of three counts of failures is at its limit: this address with this
 * e-mail (5), this e-mail from anywhere (10), this address with any e-mail (20), per 15 minutes. A success
 * clears the first two (the person proved they know the password), never the address's own count, which
 * one valid account of the attacker's must not wipe.
 */
export type LoginThrottle = {
  isBlocked(ip: string, email: string): Promise<boolean>;
  fail(ip: string, email: string): Promise<void>;
  succeed(ip: string, email: string): Promise<void>;
  /**
   * An e-mail found in another account (creating or editing a user tells it exists): counted as a failed login
   * of this address alone, so probing e-mails and guessing passwords share one budget, and the e-mail's owner is
   * never locked out by someone else's probes.
   */
  failByAddress(ip: string): Promise<void>;
  isAddressBlocked(ip: string): Promise<boolean>;
  /** Counts a password-reset request; false when this address or e-mail is over its limit (answer 429). */
  allowResetRequest(ip: string, email: string): Promise<boolean>;
};

export function loginThrottle(counter: RateCounter, limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS): LoginThrottle {
  const keys = (ip: string, email: string) => {
    const addr = ipKey(ip);
    const mail = email.trim().toLowerCase();
    return { both: `login:${addr}|${mail}`, email: `login-email:${mail}`, ip: `login-ip:${addr}` };
  };
  return {
    async isBlocked(ip, email) {
      const k = keys(ip, email);
      const [both, byEmail, byIp] = await Promise.all([counter.get(k.both), counter.get(k.email), counter.get(k.ip)]);
      return both >= limits.perIpAndEmail || byEmail >= limits.perEmail || byIp >= limits.perIp;
    },
    async fail(ip, email) {
      const k = keys(ip, email);
      await Promise.all([counter.hit(k.both, limits.windowS), counter.hit(k.email, limits.windowS), counter.hit(k.ip, limits.windowS)]);
    },
    async succeed(ip, email) {
      const k = keys(ip, email);
      await Promise.all([counter.reset(k.both), counter.reset(k.email)]);
    },
    async failByAddress(ip) {
      await counter.hit(`login-ip:${ipKey(ip)}`, limits.windowS);
    },
    async isAddressBlocked(ip) {
      return (await counter.get(`login-ip:${ipKey(ip)}`)) >= limits.perIp;
    },
    async allowResetRequest(ip, email) {
      const addr = ipKey(ip);
      const mail = email.trim().toLowerCase();
      const [byIp, byEmail] = await Promise.all([
        counter.hit(`reset-ip:${addr}`, limits.resetWindowS),
        counter.hit(`reset-email:${mail}`, limits.resetWindowS),
      ]);
      return byIp <= limits.resetPerIp && byEmail <= limits.resetPerEmail;
    },
  };
}
