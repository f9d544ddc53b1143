import { describe, expect, it, vi } from 'vitest';
import { WAPI_TEXTS, type TWapiSessao, type TWapiStatus } from '@balcao/shared/wapi';
import { login, makeAccount } from '../../test/factories';
import { DB_KINDS } from '../../test/harness';
import { closeWith, ME, pairAccount, wapiTestApp } from '../../test/wapi-kit';
import { wapiOf } from '../registry';
import { WapiAuthStore } from './auth-store';
import { patchSessao } from './service';
import { reconnectDelay } from './session';

/** Baileys' DisconnectReason, value by name (baileys/lib/Types: timedOut and connectionLost share 408). */
const REASONS = {
  connectionClosed: 428,
  connectionLost: 408,
  connectionReplaced: 440,
  loggedOut: 401,
  badSession: 500,
  restartRequired: 515,
  multideviceMismatch: 411,
  forbidden: 403,
  unavailableService: 503,
} as const;

describe('reconnectDelay', () => {
  it('doubles from the base and never waits more than 60 s', () => {
    expect([1, 2, 3, 4].map((n) => reconnectDelay(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
    for (let n = 1; n < 200; n++) expect(reconnectDelay(n, 1000)).toBeLessThanOrEqual(60_000);
    expect(reconnectDelay(7, 1000)).toBe(60_000);
    expect(reconnectDelay(10_000, 1000)).toBe(60_000);
  });
});

/**
 * Each DisconnectReason through the fake socket, on a paired session: what the screen says, whether a new
 * socket opens (at once, after a back-off, or never), and what happens to the stored keys.
 */
describe.each(DB_KINDS)('WhatsApp Web closes by DisconnectReason on %s', (kind) => {
  const h = wapiTestApp(kind);

  const idle = () => wapiOf(h.t.ctx).idle();

  /** A fresh paired account, with its stored keys and the card's calls. */
  async function paired() {
    const p = await pairAccount(h);
    const store = new WapiAuthStore(h.t.ctx.db, h.t.ctx.cipher, p.canalId);
    expect(await p.get<TWapiStatus>('status')).toEqual({ connected: true, phoneNumber: '+5511900001111' });
    return { open: p.open, store, qr: () => p.get<TWapiSessao>('qr'), status: () => p.get<TWapiStatus>('status') };
  }

  it('restartRequired (515) after the scan: a new socket at once with the stored pairing, no error shown', async () => {
    const s = await paired();
    const count = h.wa.sockets.length;
    s.open.emit('connection.update', closeWith(REASONS.restartRequired));
    await idle();
    // No timer involved: the new socket exists as soon as the close is handled.
    expect(h.wa.sockets.length).toBe(count + 1);
    expect(h.wa.last.opts.auth.creds.registered).toBe(true);
    expect((await s.qr()).erro).toBeNull();
    h.wa.last.user = ME;
    h.wa.last.emit('connection.update', { connection: 'open' });
    await idle();
    expect(await s.status()).toEqual({ connected: true, phoneNumber: '+5511900001111' });
  });

  it('loggedOut (401): keys and session cleared, desconectado with the reason, never reopened', async () => {
    const s = await paired();
    const count = h.wa.sockets.length;
    expect(await s.store.hasCreds()).toBe(true);
    s.open.emit('connection.update', closeWith(REASONS.loggedOut));
    await idle();
    expect(await s.store.hasCreds()).toBe(false);
    expect(await s.qr()).toMatchObject({ estado: 'desconectado', numero: null, nome: null, erro: WAPI_TEXTS.desconectadoNoCelular });
    expect(await s.status()).toEqual({ connected: false, phoneNumber: null });
    await wapiOf(h.t.ctx).wake();
    await idle();
    expect(h.wa.sockets.length).toBe(count);
  });

  it('connectionReplaced (440): yields to the other session, keeps the pairing, does not reconnect', async () => {
    const s = await paired();
    const count = h.wa.sockets.length;
    s.open.emit('connection.update', closeWith(REASONS.connectionReplaced));
    await idle();
    expect(await s.qr()).toMatchObject({ estado: 'desconectado', erro: WAPI_TEXTS.substituida });
    expect(await s.store.hasCreds()).toBe(true);
    // A whole lease pass after the replacement (two awaited wakes) opens no new socket.
    await wapiOf(h.t.ctx).wake();
    await wapiOf(h.t.ctx).wake();
    await idle();
    expect(h.wa.sockets.length).toBe(count);
  });

  it('forbidden (403): stops and forgets the pairing with the reason', async () => {
    const s = await paired();
    const count = h.wa.sockets.length;
    s.open.emit('connection.update', closeWith(REASONS.forbidden));
    await idle();
    expect(await s.qr()).toMatchObject({ estado: 'desconectado', numero: null, erro: WAPI_TEXTS.banido });
    expect(await s.store.hasCreds()).toBe(false);
    expect(h.wa.sockets.length).toBe(count);
  });

  const ending = [
    ['versionRefused (405)', 405, WAPI_TEXTS.versaoRecusada, true],
    ['badSession (500)', REASONS.badSession, WAPI_TEXTS.sessaoInvalida, false],
    ['multideviceMismatch (411)', REASONS.multideviceMismatch, WAPI_TEXTS.aparelhoIncompativel, false],
  ] as const;
  it.each(ending)('%s: ends the session with its reason and never reopens it by itself', async (_name, code, erro, keepsPairing) => {
    const s = await paired();
    const count = h.wa.sockets.length;
    s.open.emit('connection.update', closeWith(code));
    await idle();
    expect(await s.qr()).toMatchObject({ estado: 'desconectado', qr: null, erro });
    expect(await s.status()).toEqual({ connected: false, phoneNumber: null });
    expect(await s.store.hasCreds()).toBe(keepsPairing);
    // The lease loop does not pick it up again: no socket after a wake (a retry would come from conectar).
    await wapiOf(h.t.ctx).wake();
    await idle();
    expect(h.wa.sockets.length).toBe(count);
  });

  it('versionRefused (405) before any pairing: stops at the first close instead of retrying', async () => {
    const acc = await makeAccount(h.t.ctx.db);
    const master = await login(h.t.app, acc.master.email);
    const api = (p: string) => `/backend/wapi/clients/${acc.account.id}/${p}`;
    expect((await h.t.app.inject({ method: 'POST', url: api('conectar'), headers: master.auth })).statusCode).toBe(202);
    await idle();
    const count = h.wa.sockets.length;
    h.wa.last.emit('connection.update', closeWith(405));
    await idle();
    const shown = (await h.t.app.inject({ method: 'GET', url: api('qr'), headers: master.auth })).json() as TWapiSessao;
    expect(shown).toMatchObject({ estado: 'desconectado', erro: WAPI_TEXTS.versaoRecusada });
    await wapiOf(h.t.ctx).wake();
    await idle();
    expect(h.wa.sockets.length).toBe(count);
  });

  const transient = [
    ['connectionClosed', REASONS.connectionClosed],
    ['connectionLost / timedOut', REASONS.connectionLost],
    ['unavailableService', REASONS.unavailableService],
    ['a network error without a status', undefined],
  ] as const;
  it.each(transient)('%s: reconnects after a back-off with the pairing kept, the screen says why meanwhile', async (_name, code) => {
    const s = await paired();
    // A paired number keeps trying (never gives up like an unpaired one): 8 closes in a row, 8 new sockets.
    for (let i = 1; i <= 8; i++) {
      const count = h.wa.sockets.length;
      h.wa.last.emit('connection.update', closeWith(code));
      await idle();
      const shown = await s.qr();
      expect(shown.erro).toBe(WAPI_TEXTS.semRede);
      expect(shown.numero).toBe('+5511900001111');
      expect(await s.status()).toEqual({ connected: false, phoneNumber: null });
      await vi.waitFor(() => expect(h.wa.sockets.length).toBe(count + 1), { timeout: 10_000, interval: 5 });
      await idle();
      expect(h.wa.last.opts.auth.creds.registered).toBe(true);
    }
    expect(await s.store.hasCreds()).toBe(true);
    h.wa.last.user = ME;
    h.wa.last.emit('connection.update', { connection: 'open' });
    await idle();
    expect(await s.qr()).toMatchObject({ estado: 'conectado', erro: null });
  });
});

describe.each(DB_KINDS)('WhatsApp Web card after Pausar → Ativar on %s', (kind) => {
  const h = wapiTestApp(kind);
  const idle = () => wapiOf(h.t.ctx).idle();

  it('pausar then ativar: the card follows the socket (conectando until it opens, then conectado)', async () => {
    const p = await pairAccount(h);
    const post = (a: string) => h.t.app.inject({ method: 'POST', url: p.api(a), headers: p.master.auth });
    expect((await post('pausar')).statusCode).toBe(200);
    await idle();
    expect(p.open.ended).toBe(true);
    expect((await p.get<TWapiSessao>('qr')).estado).toBe('pausado');
    expect(((await post('ativar')).json() as TWapiSessao).estado).toBe('conectando');
    await idle();
    h.wa.last.user = ME;
    h.wa.last.emit('connection.update', { connection: 'open' });
    await idle();
    expect(await p.get<TWapiSessao>('qr')).toMatchObject({ estado: 'conectado', erro: null });
  });

  it('a pausar and ativar the owner never saw (served elsewhere, back to back) do not leave the open socket shown as conectando', async () => {
    const p = await pairAccount(h);
    // What another instance's pausar then ativar leave in the shared row while this owner's socket stays open.
    await patchSessao(h.t.ctx.db, p.canalId, { querConectado: true, estado: 'conectando', erro: null });
    expect((await p.get<TWapiSessao>('qr')).estado).toBe('conectando');
    await wapiOf(h.t.ctx).wake();
    await idle();
    expect(await p.get<TWapiSessao>('qr')).toMatchObject({ estado: 'conectado', numero: '+5511900001111' });
    expect(await p.get<TWapiStatus>('status')).toEqual({ connected: true, phoneNumber: '+5511900001111' });
  });
});
