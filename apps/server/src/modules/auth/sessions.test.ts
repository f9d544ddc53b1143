import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRealtimeMessage } from '@balcao/shared/atendimentos/realtime';
import { passwordResetTokens } from '../../db/schema/auth';
import type { Db } from '../../lib/db';
import { newOpaqueToken } from '../../lib/tokens';
import { makeCanal, makeVisitor } from '../../test/atendimentos-fixtures';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { liveServer } from '../../test/live-server';
import { login, makeAccount, TEST_PASSWORD } from '../../test/factories';
import { endUserSessions } from './sessions';

/** A reset link as the e-mail carries it, made here so the test does not depend on when the e-mail is sent. */
async function resetLink(db: Db, userId: string) {
  const t = newOpaqueToken();
  await db.insert(passwordResetTokens).values({ userId, tokenHash: t.hash, expiresAt: new Date(Date.now() + 3_600_000) });
  return t.value;
}

describe.each(DB_KINDS)('sessions end at once on %s', (kind) => {
  let t: TestApp;
  let acc: Awaited<ReturnType<typeof makeAccount>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    acc = await makeAccount(t.ctx.db);
  });
  afterAll(() => t.close());

  const me = (auth: Record<string, string>) => t.app.inject({ method: 'GET', url: '/backend/Usuario/GetCurrentUser', headers: auth });
  const refresh = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/backend/api/auth/refresh', cookies: { balcao_refresh: cookie } });

  it('logout ends that session: its access token answers 401 right away; another session of the user goes on', async () => {
    const u = await acc.addUser('atendente');
    const a = await login(t.app, u.email);
    const b = await login(t.app, u.email);
    expect((await me(a.auth)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/backend/api/auth/logout',
      headers: a.auth,
      cookies: { balcao_refresh: a.refreshCookie },
    });
    expect(out.statusCode).toBe(204);
    const after = await me(a.auth);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'SESSION_ENDED', message: 'Sua sessão foi encerrada. Faça login novamente.' });
    expect((await refresh(a.refreshCookie)).statusCode).toBe(401);
    expect((await me(b.auth)).statusCode).toBe(200);
    expect((await refresh(b.refreshCookie)).statusCode).toBe(200);
  });

  it('checks asked at the same moment are read together and each answered for its own session', async () => {
    const users = await Promise.all([acc.addUser('atendente'), acc.addUser('atendente'), acc.addUser('admin')]);
    const sessions = await Promise.all(users.flatMap((u) => [login(t.app, u.email), login(t.app, u.email)]));
    // The second session of each user ends; the first goes on.
    for (const s of sessions.filter((_, k) => k % 2 === 1))
      await t.app.inject({
        method: 'POST',
        url: '/backend/api/auth/logout',
        headers: s.auth,
        cookies: { balcao_refresh: s.refreshCookie },
      });
    const answers = await Promise.all(Array.from({ length: 4 }, () => sessions.map((s) => me(s.auth))).flat());
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 4 }, () => sessions.map((_, k) => (k % 2 ? 401 : 200))).flat());
  });

  it('a refreshed access token belongs to the same session and ends with it', async () => {
    const u = await acc.addUser('atendente');
    const a = await login(t.app, u.email);
    const r = await refresh(a.refreshCookie);
    const fresh = { authorization: `Bearer ${r.json().token}` };
    expect((await me(fresh)).statusCode).toBe(200);
    const next = r.cookies.find((c) => c.name === 'balcao_refresh')!.value;
    await t.app.inject({ method: 'POST', url: '/backend/api/auth/logout', cookies: { balcao_refresh: next } });
    expect((await me(fresh)).statusCode).toBe(401);
    expect((await me(a.auth)).statusCode).toBe(401);
  });

  it('a password reset ends every session of the user: access tokens and refresh cookies', async () => {
    const u = await acc.addUser('atendente');
    const a = await login(t.app, u.email);
    const b = await login(t.app, u.email);
    const done = await t.app.inject({
      method: 'POST',
      url: '/backend/api/auth/reset-password',
      payload: { token: await resetLink(t.ctx.db, u.id), senha: 'nova-senha-123' },
    });
    expect(done.statusCode).toBe(200);
    for (const s of [a, b]) {
      expect((await me(s.auth)).statusCode).toBe(401);
      expect((await refresh(s.refreshCookie)).statusCode).toBe(401);
    }
    const c = await login(t.app, u.email, 'nova-senha-123');
    expect((await me(c.auth)).statusCode).toBe(200);
  });

  it('ChangePassword ends the other sessions (tokens and refresh cookies) and keeps the one that changed it', async () => {
    const u = await acc.addUser('atendente');
    const mine = await login(t.app, u.email);
    const other = await login(t.app, u.email);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/backend/Usuario/ChangePassword/${u.id}`,
      headers: mine.auth,
      payload: { SenhaAtual: TEST_PASSWORD, NovaSenha: 'nova-senha-456' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(other.auth)).statusCode).toBe(401);
    expect((await refresh(other.refreshCookie)).statusCode).toBe(401);
    expect((await me(mine.auth)).statusCode).toBe(200);
    expect((await refresh(mine.refreshCookie)).statusCode).toBe(200);
  });

  it('endUserSessions (deactivation) ends every session of the user', async () => {
    const u = await acc.addUser('atendente');
    const a = await login(t.app, u.email);
    await endUserSessions(t.ctx, u.id);
    expect((await me(a.auth)).statusCode).toBe(401);
    expect((await refresh(a.refreshCookie)).statusCode).toBe(401);
  });
});

/** The real server with Socket.IO: a reset closes the user's open staff sockets, which then hear nothing more. */
describe.each(DB_KINDS)('staff sockets of an ended session on %s', (kind) => {
  const live = liveServer(kind);
  const open = live.open;
  const closed = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', resolve));

  it('a reset disconnects the open sockets; customer messages then reach only the sessions still open', async () => {
    const t = live.t;
    const acc = await makeAccount(live.running.ctx.db);
    const victim = await acc.addUser('admin');
    const colleague = await acc.addUser('admin');
    const v = await login(live.running.app, victim.email);
    const c = await login(live.running.app, colleague.email);
    const canal = await makeCanal(t, c.auth);
    const visitor = await makeVisitor(t, canal);

    const victimChat = await open('/atendimento', v.token);
    const victimInterno = await open('/chat-interno', v.token);
    const colleagueChat = await open('/atendimento', c.token);
    const heard = { victim: [] as string[], colleague: [] as string[] };
    victimChat.on('ClientReceiveMessage', (m: TRealtimeMessage) => heard.victim.push(m.content));
    colleagueChat.on('ClientReceiveMessage', (m: TRealtimeMessage) => heard.colleague.push(m.content));

    const first = new Promise((resolve) => colleagueChat.once('ClientReceiveMessage', resolve));
    const firstToVictim = new Promise((resolve) => victimChat.once('ClientReceiveMessage', resolve));
    await visitor.send('antes da troca de senha');
    await Promise.all([first, firstToVictim]);

    const gone = Promise.all([closed(victimChat), closed(victimInterno)]);
    const done = await live.running.app.inject({
      method: 'POST',
      url: '/backend/api/auth/reset-password',
      payload: { token: await resetLink(live.running.ctx.db, victim.id), senha: 'nova-senha-789' },
    });
    expect(done.statusCode).toBe(200);
    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);

    const second = new Promise((resolve) => colleagueChat.once('ClientReceiveMessage', resolve));
    await visitor.send('depois da troca de senha');
    await second;
    expect(heard.colleague).toEqual(['antes da troca de senha', 'depois da troca de senha']);
    expect(heard.victim).toEqual(['antes da troca de senha']);
    await expect(open('/atendimento', v.token)).rejects.toThrow('Não autorizado');
  });

  it("logout closes that session's sockets at once; another session of the user keeps its own", async () => {
    const acc = await makeAccount(live.running.ctx.db);
    const u = await acc.addUser('admin');
    const leaving = await login(live.running.app, u.email);
    const staying = await login(live.running.app, u.email);
    const gone = [await open('/atendimento', leaving.token), await open('/chat-interno', leaving.token)];
    const kept = [await open('/atendimento', staying.token), await open('/chat-interno', staying.token)];
    const closedNow = Promise.all(gone.map(closed));
    const out = await live.running.app.inject({
      method: 'POST',
      url: '/backend/api/auth/logout',
      headers: leaving.auth,
      cookies: { balcao_refresh: leaving.refreshCookie },
    });
    expect(out.statusCode).toBe(204);
    expect(await closedNow).toEqual(['io server disconnect', 'io server disconnect']);
    const view = await kept[1]!.timeout(5000).emitWithAck('ViewMessages', { conversaId: '00000000-0000-4000-8000-000000000000' });
    expect(view.code).not.toBe('SESSION_ENDED');
    expect(kept.map((s) => s.connected)).toEqual([true, true]);
    await expect(open('/atendimento', leaving.token)).rejects.toThrow('Não autorizado');
  });

  it("ChangePassword closes the user's other sessions' sockets and keeps those of the session that changed it", async () => {
    const acc = await makeAccount(live.running.ctx.db);
    const u = await acc.addUser('admin');
    const mine = await login(live.running.app, u.email);
    const other = await login(live.running.app, u.email);
    const own = [await open('/atendimento', mine.token), await open('/chat-interno', mine.token)];
    const others = [await open('/atendimento', other.token), await open('/chat-interno', other.token)];
    let ownDropped = false;
    for (const s of own) s.on('disconnect', () => (ownDropped = true));
    const closedNow = Promise.all(others.map(closed));
    const res = await live.running.app.inject({
      method: 'PATCH',
      url: `/backend/Usuario/ChangePassword/${u.id}`,
      headers: mine.auth,
      payload: { SenhaAtual: TEST_PASSWORD, NovaSenha: 'nova-senha-321' },
    });
    expect(res.statusCode).toBe(200);
    expect(await closedNow).toEqual(['io server disconnect', 'io server disconnect']);
    // The session that changed the password goes on: its sockets stay and their events are served.
    const view = await own[1]!.timeout(5000).emitWithAck('ViewMessages', { conversaId: '00000000-0000-4000-8000-000000000000' });
    expect(view.code).not.toBe('SESSION_ENDED');
    expect(ownDropped).toBe(false);
    expect(own.map((s) => s.connected)).toEqual([true, true]);
  });

  it('an event on a socket whose session ended elsewhere is refused and the socket closed', async () => {
    const acc = await makeAccount(live.running.ctx.db);
    const u = await acc.addUser('admin');
    const s = await login(live.running.app, u.email);
    const sock = await open('/chat-interno', s.token);
    // Ended as another instance would: the rows change, this instance's sockets are not told.
    await endUserSessions({ db: live.running.ctx.db }, u.id);
    const gone = closed(sock);
    const ack = await sock.timeout(5000).emitWithAck('ViewMessages', { conversaId: '00000000-0000-4000-8000-000000000000' });
    expect(ack).toMatchObject({ ok: false, code: 'SESSION_ENDED' });
    expect(await gone).toBe('io server disconnect');
  });
});
