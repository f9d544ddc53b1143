import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Server } from 'socket.io';
import { refreshTokens } from '../../db/schema/auth';
import type { UserRow } from '../../db/schema/users';
import { anyId, type Db, perDatabase } from '../../lib/db';
import { USUARIOS_TEXTS } from '@balcao/shared/usuarios';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../../lib/error-handler';
import { rooms } from '../../lib/rooms';
import { namespacesOf } from '../../realtime/internals';
import { WriteBatcher } from '../../lib/write-batcher';
import { Forbidden, Unauthorized } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';
import type { TokenService } from '../../lib/tokens';
import { issueRefreshToken } from './service';

/**
 * A session is one login: the family of its rotating refresh tokens. Its id (`sid`) is in every access token
 * of that login, and the session is open while the family has an unrevoked, unexpired token. Logout ends one
 * session; a password reset, a password change (the other sessions) and a deactivation end a user's sessions.
 * The check is an indexed lookup for each request and socket event (those asked at the same moment share one),
 * no cache: with several instances every instance reads the same rows, so an ended session is refused
 * everywhere at once.
 */
const SESSION_TEXTS = { encerrada: 'Sua sessão foi encerrada. Faça login novamente.' } as const;

type Who = Pick<UserRow, 'id' | 'accountId' | 'role'> & Partial<Pick<UserRow, 'ativo'>>;

/**
 * A new session for a user who proved who they are: its access token and the refresh cookie's value.
 * A deactivated user gets none, even with the right password.
 */
export async function startSession(db: Db, tokens: TokenService, user: Who): Promise<{ token: string; refreshToken: string; sid: string }> {
  if (user.ativo === false) throw new Forbidden(USUARIOS_TEXTS.contaDesativada, 'USER_DISABLED');
  const sid = randomUUID();
  const refreshToken = await issueRefreshToken(db, user.id, sid);
  return { token: await tokens.sign(user, sid), refreshToken, sid };
}

type SessionOf = Pick<TSessionUser, 'id' | 'sid'>;
/** Most sessions one check reads. */
const MAX_CHECKS = 100;

/** Which of these sessions are open: one statement for all (a family has at most one live token). */
async function openSessions(db: Db, sessions: SessionOf[]): Promise<boolean[]> {
  const sids = [...new Set(sessions.flatMap((s) => (s.sid ? [s.sid] : [])))];
  const rows = sids.length
    ? await db
        .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
        .from(refreshTokens)
        .where(and(anyId(refreshTokens.familyId, sids), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, new Date())))
    : [];
  const open = new Set(rows.map((r) => `${r.familyId}|${r.userId}`));
  return sessions.map((s) => open.has(`${s.sid}|${s.id}`));
}

const checker = perDatabase((db) => new WriteBatcher((sessions: SessionOf[]) => openSessions(db, sessions), MAX_CHECKS));

/**
 * Whether the session is still open. Checks asked while one runs are read together in the next statement
 * (a burst of socket events and requests is one lookup, not one each); each is answered by a read begun
 * after it was asked, so nothing is cached and an ended session is refused as soon as before.
 */
function isSessionOpen(db: Db, user: SessionOf): Promise<boolean> {
  if (!user.sid) return Promise.resolve(false);
  return checker(db).submit(user);
}

/** The caller of a bearer token: a valid signature and a session still open, or a 401. */
export async function authenticate(db: Db, tokens: TokenService, token: string): Promise<TSessionUser> {
  const user = await tokens.verify(token);
  if (!(await isSessionOpen(db, user))) throw new Unauthorized(SESSION_TEXTS.encerrada, 'SESSION_ENDED');
  return user;
}

/** Every socket of the given rooms, in every namespace, disconnected (across instances through the Redis adapter). */
function disconnect(io: Server | undefined, room: string, except?: string) {
  if (!io) return;
  for (const nsp of namespacesOf(io)) {
    const target = except ? nsp.in(room).except(except) : nsp.in(room);
    target.disconnectSockets(true);
  }
}

type Ctx = { db: Db; io?: Server };

/** Logout: this session's refresh tokens revoked, its access tokens refused from now on, its sockets closed. */
export async function endSession(ctx: Ctx, userId: string, sid: string): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, sid), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  disconnect(ctx.io, rooms.session(sid));
}

/**
 * Ends every session of a user (password reset, deactivation), or every other one (`keep`: the session that
 * changed the password): refresh tokens revoked, access tokens refused on their next request or socket
 * event, and the sockets disconnected now.
 */
export async function endUserSessions(ctx: Ctx, userId: string, opts: { keep?: string } = {}): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), opts.keep ? ne(refreshTokens.familyId, opts.keep) : undefined),
    );
  disconnect(ctx.io, rooms.user(userId), opts.keep ? rooms.session(opts.keep) : undefined);
}

type GuardedSocket = {
  use: (fn: (packet: unknown[], next: (err?: Error) => void) => void) => unknown;
  disconnect: (close?: boolean) => unknown;
};

/**
 * Every event of a staff socket first checks that its session is still open: one ended elsewhere (another
 * instance, or a socket that missed its disconnect) is refused and closed, with a refusal in the ack if any.
 * A check that fails on the database (a connection cut) answers the event as an HTTP call would be (503
 * DATABASE_UNAVAILABLE, the client resends) and keeps the socket: Socket.IO would drop it without an answer.
 */
export function guardSocketEvents(socket: GuardedSocket, db: Db, user: Pick<TSessionUser, 'id' | 'sid'>) {
  socket.use((packet, next) => {
    const ack = packet[packet.length - 1];
    const answer = typeof ack === 'function' ? (ack as (r: unknown) => void) : () => undefined;
    isSessionOpen(db, user).then(
      (open) => {
        if (open) return next();
        answer({ ok: false, message: SESSION_TEXTS.encerrada, code: 'SESSION_ENDED' });
        socket.disconnect(true);
      },
      (err: Error) => {
        if (isDatabaseUnavailable(err)) return answer({ ok: false, ...DATABASE_UNAVAILABLE });
        next(err);
      },
    );
  });
}
