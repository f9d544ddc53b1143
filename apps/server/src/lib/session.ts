import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { TRole } from '@balcao/shared/roles';
import { Unauthorized } from './errors';

/** Who is calling. Services take `accountId` from here as a parameter: tenancy is never global state. */
export type TSessionUser = {
  id: string;
  accountId: string;
  role: TRole;
  /** The session the access token belongs to (one login: its refresh-token family); ending it ends the token. */
  sid?: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: TSessionUser | null;
  }
}

/** The caller, or a 401 that says why (no token, expired, forged). */
export function requireUser(req: FastifyRequest): TSessionUser {
  if (req.sessionUser) return req.sessionUser;
  throw req.sessionError ?? new Unauthorized('Faça login para continuar.', 'UNAUTHENTICATED');
}

export const bearerToken = (header: string | undefined): string | null => {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return m ? m[1]!.trim() : null;
};

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request's bearer token is `expected` (an operator's or the metrics' token), compared in constant time. */
export function carriesToken(req: FastifyRequest, expected: string): boolean {
  const given = bearerToken(req.headers.authorization);
  return given !== null && timingSafeEqual(digest(given), digest(expected));
}
