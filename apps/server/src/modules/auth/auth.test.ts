import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { emailOutbox } from '../../db/schema/outbox';
import { backgroundIdle } from '../../lib/background';
import { TokenService } from '../../lib/tokens';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { login, makeAccount, TEST_PASSWORD } from '../../test/factories';

describe.each(DB_KINDS)('auth on %s', (kind) => {
  let t: TestApp;
  let acc: Awaited<ReturnType<typeof makeAccount>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    acc = await makeAccount(t.ctx.db);
  });
  afterAll(() => t.close());

  it('logs in with e-mail and senha, answering token and user', async () => {
    const s = await login(t.app, acc.master.email);
    expect(s.user).toMatchObject({ id: acc.master.id, role: 'master', masterId: acc.master.id, databaseName: acc.account.databaseName });
    const exp = JSON.parse(Buffer.from(s.token.split('.')[1]!, 'base64url').toString()).exp;
    expect(exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(3500);
    expect(exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(3600);
  });

  it('answers the same for a wrong password and an unknown e-mail', async () => {
    const a = await t.app.inject({ method: 'POST', url: '/backend/api/auth/login', payload: { email: acc.master.email, senha: 'errada' } });
    const b = await t.app.inject({
      method: 'POST',
      url: '/backend/api/auth/login',
      payload: { email: 'ninguem@teste.local', senha: 'errada' },
    });
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json()).toEqual(b.json());
    expect(a.json().message).toBe('E-mail ou senha incorretos.');
  });

  it('refuses malformed JSON and missing fields in Portuguese', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/backend/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('O corpo da requisição não é um JSON válido.');
    const missing = await t.app.inject({ method: 'POST', url: '/backend/api/auth/login', payload: { email: acc.master.email } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION', errors: { senha: ['Informe a senha.'] } });
  });

  it('rate-limits login failures per IP and e-mail with a 429', async () => {
    const u = await acc.addUser('user');
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/backend/api/auth/login', payload: { email: u.email, senha: 'errada' } });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/backend/api/auth/login',
      payload: { email: u.email, senha: TEST_PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Muitas tentativas de login. Aguarde alguns minutos e tente novamente.');
  });

  it('refreshes with the rotating cookie, refuses a long-rotated one and logs out', async () => {
    const s = await login(t.app, acc.master.email);
    const r1 = await t.app.inject({ method: 'GET', url: '/backend/api/auth/refresh', cookies: { balcao_refresh: s.refreshCookie } });
    expect(r1.statusCode).toBe(200);
    expect(typeof r1.json().token).toBe('string');
    const next = r1.cookies.find((c) => c.name === 'balcao_refresh')!.value;
    expect(next).not.toBe(s.refreshCookie);
    const out = await t.app.inject({ method: 'POST', url: '/backend/api/auth/logout', cookies: { balcao_refresh: next } });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/backend/api/auth/refresh', cookies: { balcao_refresh: next } });
    expect(after.statusCode).toBe(401);
    const none = await t.app.inject({ method: 'GET', url: '/backend/api/auth/refresh' });
    expect(none.statusCode).toBe(401);
  });

  it('refuses expired and forged tokens', async () => {
    const expired = await new TokenService('test-secret-test-secret-test-secret-123', -10).sign(
      {
        id: acc.master.id,
        accountId: acc.account.id,
        role: 'master',
      },
      'sessao-de-teste',
    );
    const r = await t.app.inject({
      method: 'GET',
      url: '/backend/Usuario/GetCurrentUser',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ code: 'TOKEN_EXPIRED', message: 'Sua sessão expirou. Faça login novamente.' });
    const forged = await new TokenService('another-secret-another-secret-another').sign(
      {
        id: acc.master.id,
        accountId: acc.account.id,
        role: 'master',
      },
      'sessao-de-teste',
    );
    const f = await t.app.inject({ method: 'GET', url: '/backend/Usuario/GetCurrentUser', headers: { authorization: `Bearer ${forged}` } });
    expect(f.statusCode).toBe(401);
    expect(f.json().message).toBe('Token inválido. Faça login novamente.');
  });

  it('resets a password through the e-mailed single-use link', async () => {
    const u = await acc.addUser('atendente');
    const ask = await t.app.inject({ method: 'POST', url: '/backend/api/auth/forgot-password', payload: { email: u.email } });
    expect(ask.statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/backend/api/auth/forgot-password',
      payload: { email: 'ninguem@teste.local' },
    });
    expect(unknown.json()).toEqual(ask.json());
    await backgroundIdle();
    const [mail] = await t.ctx.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(1);
    expect(mail!.to).toBe(u.email);
    const token = /token=([\w-]+)/.exec(mail!.text)![1]!;
    const done = await t.app.inject({
      method: 'POST',
      url: '/backend/api/auth/reset-password',
      payload: { token, senha: 'nova-senha-123' },
    });
    expect(done.statusCode).toBe(200);
    await login(t.app, u.email, 'nova-senha-123');
    const again = await t.app.inject({
      method: 'POST',
      url: '/backend/api/auth/reset-password',
      payload: { token, senha: 'outra-senha-123' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Este link de redefinição é inválido ou expirou. Peça um novo.');
  });
});
