import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REFRESH_TOKEN_TTL_S,
  TEXTS,
  ZForgotPasswordInput,
  ZLoginAnswer,
  ZLoginInput,
  ZMessageAnswer,
  ZResetPasswordInput,
  ZTokenAnswer,
} from '@balcao/shared/auth';
import type { AppContext } from '../../context';
import { inBackground } from '../../lib/background';
import { TooManyRequests } from '../../lib/errors';
import type { UserRow } from '../../db/schema/users';
import { loadCurrentUser, updateUser } from '../usuarios/service';
import { checkCredentials, requestPasswordReset, resetPassword, rotateRefreshToken, sessionOfRefreshToken } from './service';
import { endSession, endUserSessions, startSession } from './sessions';

const REFRESH_COOKIE = 'balcao_refresh';
const COOKIE_PATH = '/backend';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, tokens } = ctx;
  const sessionUser = (u: UserRow) => ({ id: u.id, accountId: u.accountId, role: u.role });
  const setRefreshCookie = (reply: FastifyReply, value: string) =>
    reply.setCookie(REFRESH_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.secureCookies,
      path: COOKIE_PATH,
      maxAge: REFRESH_TOKEN_TTL_S,
    });

  app.post('/api/auth/login', { schema: { body: ZLoginInput, response: { 200: ZLoginAnswer } } }, async (req, reply) => {
    const user = await checkCredentials(db, ctx.throttle, req.ip, req.body);
    await updateUser(db, user.accountId, user.id, { online: true, lastHeartbeatAt: new Date() });
    const session = await startSession(db, tokens, user);
    setRefreshCookie(reply, session.refreshToken);
    return { token: session.token, user: await loadCurrentUser(db, user.accountId, user.id) };
  });

  app.get('/api/auth/refresh', { schema: { response: { 200: ZTokenAnswer } } }, async (req, reply) => {
    const { user, newToken, sid } = await rotateRefreshToken(db, req.cookies[REFRESH_COOKIE]);
    if (newToken) setRefreshCookie(reply, newToken);
    return { token: await tokens.sign(sessionUser(user), sid) };
  });

  app.post('/api/auth/logout', { schema: { response: { 204: z.void() } } }, async (req, reply) => {
    // The session of the cookie and the one of the access token (the same one, from the web app) end now.
    const fromCookie = await sessionOfRefreshToken(db, req.cookies[REFRESH_COOKIE]);
    if (fromCookie) await endSession(ctx, fromCookie.userId, fromCookie.sid);
    if (req.sessionUser?.sid && req.sessionUser.sid !== fromCookie?.sid) await endSession(ctx, req.sessionUser.id, req.sessionUser.sid);
    if (req.sessionUser) await updateUser(db, req.sessionUser.accountId, req.sessionUser.id, { online: false }).catch(() => {});
    reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
    return reply.code(204).send();
  });

  app.post('/api/auth/forgot-password', { schema: { body: ZForgotPasswordInput, response: { 200: ZMessageAnswer } } }, async (req) => {
    if (!(await ctx.throttle.allowResetRequest(req.ip, req.body.email))) throw new TooManyRequests(TEXTS.tooManyResetRequests);
    // Lookup, token and e-mail happen after the answer: a registered address answers like any other, as fast.
    const { email } = req.body;
    inBackground(req.log, 'e-mail de redefinição de senha', () => requestPasswordReset(ctx, email));
    return { message: TEXTS.resetRequested };
  });

  app.post('/api/auth/reset-password', { schema: { body: ZResetPasswordInput, response: { 200: ZMessageAnswer } } }, async (req) => {
    const userId = await resetPassword(db, req.body);
    await endUserSessions(ctx, userId);
    return { message: TEXTS.resetDone };
  });
};
