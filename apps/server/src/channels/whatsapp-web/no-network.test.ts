import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WAPI_TEXTS, type TWapiSessao, type TWapiStatus } from '@balcao/shared/wapi';
import { login, makeAccount } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { wapiOf } from '../registry';
import { baileysSocket } from './socket';
import type { SocketFactory } from './socket';

/** A local port nothing listens on: every connection is refused at once, as without network. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * The real Baileys socket (not the fake) aimed at an address that refuses connections: conectar answers,
 * the server stays healthy, the status says not connected, the card shows why in Portuguese, and the retries
 * stop (an unpaired session gives up after 5 tries with a bounded back-off).
 */
describe.each(DB_KINDS)('WhatsApp Web without network (real Baileys) on %s', (kind) => {
  let t: TestApp;
  let opened = 0;

  beforeAll(async () => {
    const real = baileysSocket({ wsUrl: `ws://127.0.0.1:${await closedPort()}/ws/chat` });
    const counting: SocketFactory = (opts) => {
      opened += 1;
      return real(opts);
    };
    t = await createTestApp(kind, { wapi: { socket: counting, sendGapMs: 0, backoffBaseMs: 20 } });
  });
  afterAll(async () => {
    await wapiOf(t.ctx).stop();
    await t.close();
  });

  it('conectar leaves the server healthy, not connected, with the reason on the card, and stops retrying', {
    timeout: 120_000,
  }, async () => {
    const acc = await makeAccount(t.ctx.db);
    const master = await login(t.app, acc.master.email);
    const api = (p: string) => `/backend/wapi/clients/${acc.account.id}/${p}`;
    const get = async <T>(p: string) => (await t.app.inject({ method: 'GET', url: api(p), headers: master.auth })).json() as T;
    const r = await t.app.inject({ method: 'POST', url: api('conectar'), headers: master.auth });
    expect(r.statusCode).toBe(202);
    // While it retries, and after it gives up, the card explains in Portuguese.
    await vi.waitFor(async () => expect((await get<TWapiSessao>('qr')).erro).toBe(WAPI_TEXTS.semRede), { timeout: 60_000, interval: 50 });
    await vi.waitFor(async () => expect((await get<TWapiSessao>('qr')).estado).toBe('desconectado'), { timeout: 100_000, interval: 100 });
    expect(await get<TWapiSessao>('qr')).toMatchObject({ estado: 'desconectado', qr: null, erro: WAPI_TEXTS.semRede, ativo: true });
    expect(await get<TWapiStatus>('status')).toEqual({ connected: false, phoneNumber: null });
    expect((await t.app.inject({ method: 'GET', url: '/backend/health' })).statusCode).toBe(200);
    // Bounded: 5 sockets in all, and none after giving up (the lease loop does not start it again).
    expect(opened).toBe(5);
    // Two awaited wakes end with a whole lease pass that began after giving up; idle waits for any socket it opens.
    await wapiOf(t.ctx).wake();
    await wapiOf(t.ctx).wake();
    await wapiOf(t.ctx).idle();
    expect(opened).toBe(5);
    // 'Tentar novamente' is conectar again: it starts over.
    expect((await t.app.inject({ method: 'POST', url: api('conectar'), headers: master.auth })).statusCode).toBe(202);
    await vi.waitFor(() => expect(opened).toBeGreaterThan(5), { timeout: 30_000 });
  });
});
