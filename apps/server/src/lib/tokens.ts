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

  /**
   * A consent link's token: the request's id and an HMAC of it (own label), so only the server makes one and
   * nothing secret is stored; the request row says whether it was answered or expired.
   */
  consentToken(pedidoId: string): string {
    const mac = createHmac('sha256', this.key).update(`balcao:consentimento:${pedidoId}`).digest('base64url');
    return `${Buffer.from(pedidoId.replaceAll('-', ''), 'hex').toString('base64url')}.${mac}`;
  }

  /** The request id a consent token names, or null when it was not made here. */
  consentPedidoOf(token: string): string | null {
    const [head, mac] = token.split('.');
    if (!head || !mac || head.length !== 22) return null;
    const hex = Buffer.from(head, 'base64url').toString('hex');
    if (hex.length !== 32) return null;
    const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    const expected = Buffer.from(this.consentToken(id));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  /** A client address as kept in consent records: keyed by this server's secret, so it cannot be looked up. */
  addressHash(ip: string): string {
    return createHmac('sha256', this.key).update(`balcao:ip:${ip}`).digest('hex');
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
