import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client address is counted under by every per-address limit (logins, password resets, widget
 * sessions): IPv4 as is (also when written IPv4-mapped, `::ffff:1.2.3.4`), IPv6 by its /64 network, since
 * one subscriber is handed a whole /64 and could otherwise take a fresh address for every try.
 * Give it `req.ip`, which already applies TRUST_PROXY (see env.ts).
 */
export function ipKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const bare = ip.split('%')[0]!;
  if (!isIPv6(bare)) return ip;
  const [head = '', tail = ''] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = bare.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = bare.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** TRUST_PROXY as parsed by env.ts. */
export type TrustProxy = number | string[] | false;

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes a function trusting the first `n` hops counted
 * from this server outwards (the peer, then X-Forwarded-For from its right end): Fastify itself now treats a
 * bare number as "trust nothing", and `true` would make the client-written left-most address req.ip.
 */
export function fastifyTrustProxy(trust: TrustProxy | undefined): false | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust ?? false;
  if (trust <= 0) return false;
  return (_addr, hop) => hop < trust;
}
