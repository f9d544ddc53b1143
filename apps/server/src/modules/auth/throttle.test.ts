import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEXTS } from '@balcao/shared/auth';
import { buildApp } from '../../app';
import { passwordResetTokens } from '../../db/schema/auth';
import { ZEnv } from '../../env';
import { backgroundIdle } from '../../lib/background';
import { fastifyTrustProxy, ipKey } from '../../lib/client-ip';
import { loginThrottle } from '../../lib/login-throttle';
import type { Email, Mailer } from '../../lib/mailer';
import { redisCounter } from '../../lib/rate-counter';
import { newOpaqueToken } from '../../lib/tokens';
import { makeCanal, SITE } from '../../test/atendimentos-fixtures';
import { login as staffLogin, makeAccount, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';

const LOGIN = '/backend/api/auth/login';
const FORGOT = '/backend/api/auth/forgot-password';
const RESET = '/backend/api/auth/reset-password';

describe('client address', () => {
  /** What req.ip is for a request from 127.0.0.1 carrying `X-Forwarded-For: forjado, 198.51.100.9`. */
  async function ipSeen(trustProxy: string | undefined) {
    const env = ZEnv.parse(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy });
    const app = Fastify({ trustProxy: fastifyTrustProxy(env.TRUST_PROXY) });
    app.get('/ip', async (req) => req.ip);
    const r = await app.inject({ url: '/ip', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': 'forjado, 198.51.100.9' } });
    await app.close();
    return r.body;
  }

  it('trusts only the configured proxy hops: the left-most X-Forwarded-For is never the client', async () => {
    expect(await ipSeen(undefined)).toBe('127.0.0.1');
    expect(await ipSeen('false')).toBe('127.0.0.1');
    expect(await ipSeen('0')).toBe('127.0.0.1');
    expect(await ipSeen('1')).toBe('198.51.100.9');
    // `true` is kept for older configurations and means one hop, not "believe the whole header".
    expect(await ipSeen('true')).toBe('198.51.100.9');
    expect(await ipSeen('2')).toBe('forjado');
    expect(await ipSeen('127.0.0.1/8, ::1')).toBe('198.51.100.9');
    expect(await ipSeen('10.0.0.0/8')).toBe('127.0.0.1');
    expect(ZEnv.safeParse({ TRUST_PROXY: 'sim' }).success).toBe(false);
    expect(ZEnv.safeParse({ TRUST_PROXY: '10.0.0.0/99' }).success).toBe(false);
  });

  it('counts IPv6 clients per /64 and IPv4-mapped addresses as IPv4', () => {
    expect(ipKey('2001:db8:1:2:aaaa::1')).toBe(ipKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(ipKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:db8:1:3::1')).not.toBe(ipKey('2001:db8:1:2::1'));
    expect(ipKey('::1')).toBe('0:0:0:0::/64');
    expect(ipKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('203.0.113.7')).toBe('203.0.113.7');
  });
});

describe.each(DB_KINDS)('login and password-reset limits on %s', (kind) => {
  let t: TestApp;
  let acc: Awaited<ReturnType<typeof makeAccount>>;
  /** The e-mails the app sent; `hold` makes send() wait until `release()`. */
  const sent: Email[] = [];
  let hold: Promise<void> | null = null;
  let release = () => {};
  const mailer: Mailer = {
    async send(email) {
      sent.push(email);
      if (hold) await hold;
    },
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { mailer });
    acc = await makeAccount(t.ctx.db);
  });
  afterAll(async () => {
    release();
    await backgroundIdle();
    await t.close();
  });

  const login = (email: string, senha: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: LOGIN, payload: { email, senha }, remoteAddress, headers });
  const forgot = (email: string, remoteAddress: string) => t.app.inject({ method: 'POST', url: FORGOT, payload: { email }, remoteAddress });
  const tokenOf = (mail: Email) => /token=([\w-]+)/.exec(mail.text)![1]!;

  it('limits failed logins per address over any e-mails (password spraying)', async () => {
    const u = await acc.addUser('atendente');
    for (let i = 0; i < 20; i++) {
      const r = await login(`alvo-${i}@teste.local`, 'errada', '198.51.100.1');
      expect(r.statusCode).toBe(401);
    }
    const blocked = await login(u.email, TEST_PASSWORD, '198.51.100.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: TEXTS.tooManyAttempts, code: 'TOO_MANY_REQUESTS' });
    expect((await login(u.email, TEST_PASSWORD, '198.51.100.2')).statusCode).toBe(200);
  });

  it('limits failed logins per e-mail across addresses', async () => {
    const u = await acc.addUser('atendente');
    for (let i = 0; i < 10; i++) expect((await login(u.email, 'errada', `192.0.2.${i + 1}`)).statusCode).toBe(401);
    const blocked = await login(u.email, TEST_PASSWORD, '192.0.2.200');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TEXTS.tooManyAttempts);
  });

  it('behind one trusted proxy (TRUST_PROXY=true), a forged X-Forwarded-For does not reset the count of the real client', async () => {
    const env = ZEnv.parse({ TRUST_PROXY: 'true' });
    const proxied = await buildApp(t.ctx, { ping: t.database.ping, trustProxy: env.TRUST_PROXY });
    try {
      const u = await acc.addUser('atendente');
      const via = (client: string, forged: string, senha: string) =>
        proxied.inject({
          method: 'POST',
          url: LOGIN,
          payload: { email: u.email, senha },
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `${forged}, ${client}` },
        });
      for (let i = 0; i < 5; i++) expect((await via('198.51.100.70', `203.0.113.${i}`, 'errada')).statusCode).toBe(401);
      expect((await via('198.51.100.70', '203.0.113.99', TEST_PASSWORD)).statusCode).toBe(429);
      // Another client of the same proxy is not caught by the first one's count.
      expect((await via('198.51.100.71', '203.0.113.99', TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('behind the proxy, password-reset and widget-session limits count the real client too, whatever X-Forwarded-For says', async () => {
    const env = ZEnv.parse({ TRUST_PROXY: '1' });
    const proxied = await buildApp(
      { ...t.ctx, widgetLimits: { ...t.ctx.widgetLimits, sessionsPerMinute: 3 } },
      { ping: t.database.ping, trustProxy: env.TRUST_PROXY },
    );
    try {
      const canal = await makeCanal(t, (await staffLogin(t.app, acc.master.email)).auth);
      /** A call through the proxy (10.0.0.2) for `client`, the client having written a forged address first. */
      const via = (client: string, i: number, url: string, payload: object, headers: Record<string, string> = {}) =>
        proxied.inject({
          method: 'POST',
          url,
          payload,
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `203.0.113.${i}, ${client}`, ...headers },
        });
      const forgot = (client: string, i: number) => via(client, i, FORGOT, { email: `proxy-${i}@teste.local` });
      for (let i = 0; i < 10; i++) expect((await forgot('198.51.100.90', i)).statusCode).toBe(200);
      expect((await forgot('198.51.100.90', 99)).statusCode).toBe(429);
      expect((await forgot('198.51.100.91', 99)).statusCode).toBe(200);

      const sessao = (client: string, i: number) =>
        via(client, i, `/backend/api/public/widget/${canal.token}/sessao`, {}, { origin: SITE });
      for (let i = 0; i < 3; i++) expect((await sessao('198.51.100.92', i)).statusCode).toBe(200);
      const blocked = await sessao('198.51.100.92', 50);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('TOO_MANY_REQUESTS');
      expect((await sessao('198.51.100.93', 50)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('limits password-reset requests per address', async () => {
    for (let i = 0; i < 10; i++) expect((await forgot(`pedido-${i}@teste.local`, '198.51.100.20')).statusCode).toBe(200);
    const blocked = await forgot('pedido-10@teste.local', '198.51.100.20');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: TEXTS.tooManyResetRequests, code: 'TOO_MANY_REQUESTS' });
    expect((await forgot('pedido-10@teste.local', '198.51.100.21')).statusCode).toBe(200);
  });

  it('limits password-reset requests per e-mail across addresses', async () => {
    const u = await acc.addUser('atendente');
    for (let i = 0; i < 3; i++) expect((await forgot(u.email, `198.51.100.${30 + i}`)).statusCode).toBe(200);
    const blocked = await forgot(u.email.toUpperCase(), '198.51.100.40');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TEXTS.tooManyResetRequests);
    await backgroundIdle();
    expect(sent.filter((m) => m.to === u.email)).toHaveLength(3);
  });

  it('answers before the e-mail is sent: the request never waits on SMTP', async () => {
    const u = await acc.addUser('atendente');
    hold = new Promise<void>((r) => {
      release = r;
    });
    try {
      const answer = await forgot(u.email, '198.51.100.50');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: TEXTS.resetRequested });
      expect(sent.some((m) => m.to === u.email)).toBe(false);
    } finally {
      release();
      hold = null;
    }
    await backgroundIdle();
    expect(sent.filter((m) => m.to === u.email)).toHaveLength(1);
    const unknown = await forgot('ninguem-aqui@teste.local', '198.51.100.50');
    expect(unknown.json()).toEqual({ message: TEXTS.resetRequested });
  }, 10_000);

  it('keeps one live reset link per user: a newer link kills the older ones', async () => {
    const u = await acc.addUser('atendente');
    await forgot(u.email, '198.51.100.60');
    await backgroundIdle();
    await forgot(u.email, '198.51.100.61');
    await backgroundIdle();
    const [older, newer] = sent.filter((m) => m.to === u.email).map(tokenOf);
    expect(older && newer && older !== newer).toBe(true);
    const stale = await t.app.inject({ method: 'POST', url: RESET, payload: { token: older, senha: 'senha-antiga-123' } });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(TEXTS.resetInvalid);

    // Two links issued at the same moment (as two instances could): using one ends the other.
    const twin = newOpaqueToken();
    await t.ctx.db.insert(passwordResetTokens).values({ userId: u.id, tokenHash: twin.hash, expiresAt: new Date(Date.now() + 3600_000) });
    expect((await t.app.inject({ method: 'POST', url: RESET, payload: { token: newer, senha: 'senha-nova-123' } })).statusCode).toBe(200);
    const other = await t.app.inject({ method: 'POST', url: RESET, payload: { token: twin.value, senha: 'outra-senha-123' } });
    expect(other.statusCode).toBe(400);
    const live = await t.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id));
    expect(live.filter((r) => !r.usedAt)).toHaveLength(0);
    expect((await login(u.email, 'senha-nova-123', '198.51.100.62')).statusCode).toBe(200);
  });
});

/** A Redis for the shared-counter test: REDIS_URL when set, else the local one; skipped when none answers. */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAnswers = await (async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
})();

describe.skipIf(!redisAnswers)('failed logins and reset requests counted across instances through Redis', () => {
  const redis = new Redis(REDIS_URL);
  const prefix = `balcao:test:${randomBytes(6).toString('hex')}:`;
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('an address spraying over two instances is limited at 20 failures in all', async () => {
    for (let i = 0; i < 2; i++) {
      const rates = redisCounter(redis, prefix);
      apps.push(await createTestApp('pglite', { rates, throttle: loginThrottle(rates) }));
    }
    const [a, b] = apps as [TestApp, TestApp];
    const acc = await makeAccount(b.ctx.db);
    const fail = (t: TestApp, i: number) =>
      t.app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { email: `alvo-${i}@teste.local`, senha: 'errada' },
        remoteAddress: '198.51.100.80',
      });
    for (let i = 0; i < 10; i++) expect((await fail(a, i)).statusCode).toBe(401);
    for (let i = 10; i < 20; i++) expect((await fail(b, i)).statusCode).toBe(401);
    const blocked = await b.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: acc.master.email, senha: TEST_PASSWORD },
      remoteAddress: '198.51.100.80',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TEXTS.tooManyAttempts);
  });

  it('password-reset requests from one address over two instances are limited at 10 in all', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const forgot = (t: TestApp, i: number) =>
      t.app.inject({ method: 'POST', url: FORGOT, payload: { email: `pedido-${i}@teste.local` }, remoteAddress: '198.51.100.81' });
    for (let i = 0; i < 5; i++) expect((await forgot(a, i)).statusCode).toBe(200);
    for (let i = 5; i < 10; i++) expect((await forgot(b, i)).statusCode).toBe(200);
    const blocked = await forgot(a, 10);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TEXTS.tooManyResetRequests);
    await backgroundIdle();
  });
});
