import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { PASSWORD_RESET_TTL_S, REFRESH_TOKEN_TTL_S, TEXTS, type TLoginInput, type TResetPasswordInput } from '@balcao/shared/auth';
import type { AppContext } from '../../context';
import { passwordResetTokens, refreshTokens } from '../../db/schema/auth';
import { users, type UserRow } from '../../db/schema/users';
import { withTransaction, type Db } from '../../lib/db';
import { BadRequest, TooManyRequests, Unauthorized } from '../../lib/errors';
import type { LoginThrottle } from '../../lib/login-throttle';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/passwords';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/tokens';
import { marcaDaConta } from '../white-labels/service';

/** Two tabs may refresh with the same cookie at once; within this window a rotated token still answers. */
const ROTATION_GRACE_MS = 30_000;

/** `ip` is req.ip (TRUST_PROXY applied); the throttle counts per address and e-mail, per e-mail and per address. */
export async function checkCredentials(db: Db, throttle: LoginThrottle, ip: string, input: TLoginInput): Promise<UserRow> {
  if (await throttle.isBlocked(ip, input.email)) throw new TooManyRequests(TEXTS.tooManyAttempts);
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, input.senha);
  if (!user || !ok) {
    await throttle.fail(ip, input.email);
    throw new Unauthorized(TEXTS.wrongCredentials, 'INVALID_CREDENTIALS');
  }
  await throttle.succeed(ip, input.email);
  return user;
}

export async function issueRefreshToken(db: Db, userId: string, familyId: string = randomUUID()): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: token.hash,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_S * 1000),
  });
  return token.value;
}

/** Rotates a refresh token. A token rotated long ago and presented again means theft: its whole family is revoked. */
export async function rotateRefreshToken(
  db: Db,
  value: string | undefined,
): Promise<{ user: UserRow; newToken: string | null; sid: string }> {
  if (!value) throw new Unauthorized();
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(value)))
    .limit(1);
  if (!row || row.revokedAt || row.expiresAt <= new Date()) throw new Unauthorized();
  if (row.rotatedAt) {
    if (Date.now() - row.rotatedAt.getTime() > ROTATION_GRACE_MS) {
      await db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.familyId, row.familyId));
      throw new Unauthorized();
    }
  } else {
    const rotated = await db
      .update(refreshTokens)
      .set({ rotatedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    if (rotated.length === 0) return rotateRefreshToken(db, value);
  }
  const [user] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user) throw new Unauthorized();
  const newToken = row.rotatedAt ? null : await issueRefreshToken(db, user.id, row.familyId);
  return { user, newToken, sid: row.familyId };
}

/** The session (refresh-token family) a refresh cookie belongs to, if any. */
export async function sessionOfRefreshToken(db: Db, value: string | undefined): Promise<{ userId: string; sid: string } | null> {
  if (!value) return null;
  const [row] = await db
    .select({ userId: refreshTokens.userId, sid: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(value)))
    .limit(1);
  return row ?? null;
}

async function revokeAllRefreshTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * E-mails a reset link when the address is registered. Run in the background by the route (lib/background),
 * so known and unknown addresses answer alike and as fast. One live link per user: issuing one removes the
 * user's earlier unused links, under a lock on the user's row so that two requests at once leave one.
 */
export async function requestPasswordReset(ctx: Pick<AppContext, 'db' | 'mailer' | 'publicUrl'>, email: string): Promise<void> {
  const { db, mailer } = ctx;
  const token = newOpaqueToken();
  const user = await withTransaction(db, async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.email, email)).limit(1).for('update');
    if (!u) return null;
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, u.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      userId: u.id,
      tokenHash: token.hash,
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_S * 1000),
    });
    return u;
  });
  if (!user) return;
  // Links and the name follow the user's account's white label (its own URL), else PUBLIC_URL: never the Host.
  const { origin, nome } = await marcaDaConta(ctx, user.accountId);
  const link = `${origin}/resetar-senha?token=${token.value}`;
  await mailer.send({
    to: user.email,
    subject: `${nome}: redefinição de senha`,
    text: `Olá, ${user.nome}.\n\nPara criar uma nova senha, abra o link abaixo (válido por 1 hora, uma única vez):\n${link}\n\nSe você não pediu, ignore este e-mail: sua senha continua a mesma.`,
  });
}

/** Sets the new password; answers the user whose sessions the caller then ends (sessions.endUserSessions). */
export async function resetPassword(db: Db, input: TResetPasswordInput): Promise<string> {
  const now = new Date();
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashOpaqueToken(input.token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning();
  if (!row) throw new BadRequest(TEXTS.resetInvalid, { token: [TEXTS.resetInvalid] });
  // Any other link of this user still open dies with this one: an older e-mail cannot set a password later.
  await db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.senha) })
    .where(eq(users.id, row.userId));
  await revokeAllRefreshTokens(db, row.userId);
  return row.userId;
}
