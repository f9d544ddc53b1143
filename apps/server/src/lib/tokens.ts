import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_S } from '@balcao/shared/auth';
import { normalizeRole } from '@balcao/shared/roles';
import { Unauthorized } from './errors';
import type { TSessionUser } from './session';

/**
 * HS256 access tokens (`authToken`): sub = user, acc = account, role, sid = the session (the refresh-token
 * family of one login); `exp` in seconds. A signature proves only who signed it: whether the session is still
 * open is checked on every request and socket event (modules/auth/sessions.ts).
 */
export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlS = ACCESS_TOKEN_TTL_S,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(user: Omit<TSessionUser, 'sid'>, sid: string): Promise<string> {
    return new SignJWT({ acc: user.accountId, role: user.role, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlS)
      .sign(this.key);
  }

  /**
   * The rating link's token for one atendimento: an HMAC of its id under this server's secret (the label keeps
   * it apart from any JWT signature), so only the server can make it and nothing of it needs storing. It is
   * sent only to the customer (their widget); the rating itself happens once (atendimentos.avaliado_em).
   */
  ratingToken(atendimentoId: string): string {
    return createHmac('sha256', this.key).update(`balcao:avaliacao:${atendimentoId}`).digest('base64url');
  }

  ratingTokenMatches(atendimentoId: string, token: string): boolean {
    const expected = Buffer.from(this.ratingToken(atendimentoId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  async verify(token: string): Promise<TSessionUser> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const role = normalizeRole(String(payload.role));
      if (!payload.sub || typeof payload.acc !== 'string' || typeof payload.sid !== 'string' || !role) throw new Unauthorized();
      return { id: payload.sub, accountId: payload.acc, role, sid: payload.sid };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw new Unauthorized('Sua sessão expirou. Faça login novamente.', 'TOKEN_EXPIRED');
      throw new Unauthorized('Token inválido. Faça login novamente.', 'INVALID_TOKEN');
    }
  }
}

/** An opaque random token for cookies and e-mailed links, and the hash that is all we store of it. */
export function newOpaqueToken(): { value: string; hash: string } {
  const value = randomBytes(32).toString('base64url');
  return { value, hash: hashOpaqueToken(value) };
}
export const hashOpaqueToken = (value: string) => createHash('sha256').update(value).digest('hex');
