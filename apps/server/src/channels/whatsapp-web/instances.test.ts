import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TConversasPage } from '@balcao/shared/atendimentos';
import type { TWapiSessao } from '@balcao/shared/wapi';
import type { Database } from '../../db/client';
import { wapiSessoes } from '../../db/schema/wapi';
import { login, makeAccount } from '../../test/factories';
import { createTestApp, freshDatabase, type TestApp } from '../../test/harness';
import { CUSTOMER_JID, closeWith, customerText, ME } from '../../test/wapi-kit';
import { wapiOf } from '../registry';
import { FakeWhatsAppWeb } from '../../test/fake-whatsapp-web';

const quiet = { warn: () => undefined, error: () => undefined, info: () => undefined };
const text = (s: FakeWhatsAppWeb) => s.sockets.flatMap((x) => x.texts);

/**
 * Two server instances on one PostgreSQL database, each with its own WhatsApp Web driver and its own fake
 * WhatsApp (so where a message left from is visible), both running their lease loops: the instance holding an
 * account's lease runs its socket; an answer written and a conversation opened (blue ticks) through the other
 * instance are forwarded to it through the database; when the owner dies without letting go, the other takes over once the lease expires and sends.
 */
describe.runIf(process.env.DATABASE_URL)('WhatsApp Web with two instances on one PostgreSQL', () => {
  let database: Database;
  let a: TestApp;
  let b: TestApp;
  const waA = new FakeWhatsAppWeb();
  const waB = new FakeWhatsAppWeb();
  const config = { sendGapMs: 0, backoffBaseMs: 1, leaseMs: 3000, renewMs: 250, scanMs: 100 };

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    a = await createTestApp('postgres', { wapi: { ...config, socket: waA.factory } }, database);
    b = await createTestApp('postgres', { wapi: { ...config, socket: waB.factory } }, database);
  });
  afterAll(async () => {
    await wapiOf(a.ctx).stop();
    await wapiOf(b.ctx).stop();
    await a.close();
    await b.close();
    await database.close();
  });

  it('forwards a send and a read receipt to the owner, the other instance takes over when the owner dies, a desconectar elsewhere logs out', {
    timeout: 120_000,
  }, async () => {
    const acc = await makeAccount(a.ctx.db);
    const master = await login(a.app, acc.master.email);
    const on = (t: TestApp, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: master.auth, ...(payload ? { payload } : {}) });
    const api = (p: string) => `/backend/wapi/clients/${acc.account.id}/${p}`;
    const dono = async () => (await a.ctx.db.select().from(wapiSessoes).where(eq(wapiSessoes.accountId, acc.account.id)))[0]!.dono;

    // Instance A pairs the number (conectar reaches A; A claims the lease at once).
    expect((await on(a, 'POST', api('conectar'))).statusCode).toBe(202);
    await wapiOf(a.ctx).idle();
    waA.last.emit('connection.update', { qr: '2@qr,abc,def,ghi' });
    waA.last.emit('creds.update', { me: ME, registered: true });
    waA.last.emit('connection.update', closeWith(515));
    await wapiOf(a.ctx).idle();
    waA.last.user = ME;
    waA.last.emit('connection.update', { connection: 'open' });
    await wapiOf(a.ctx).idle();
    expect(await dono()).toBe(wapiOf(a.ctx).instance);
    wapiOf(a.ctx).start(quiet);
    wapiOf(b.ctx).start(quiet);

    // Both instances answer the screens from the shared session row.
    expect(((await on(b, 'GET', api('qr'))).json() as TWapiSessao).estado).toBe('conectado');
    // B's lease loop leaves the session to A: B never opens a socket while A renews. Two awaited wakes end with a
    // whole pass of B that began after this point.
    await wapiOf(b.ctx).wake();
    await wapiOf(b.ctx).wake();
    await wapiOf(b.ctx).idle();
    expect(waB.sockets).toHaveLength(0);

    // A customer writes (to A's socket); the attendant answers through instance B.
    waA.last.emit('messages.upsert', { type: 'notify', messages: [customerText('IN-1', 'Oi, tem entrega hoje?')] });
    await wapiOf(a.ctx).idle();
    const conversa = ((await on(b, 'GET', '/backend/api/atendimento/conversas?status=aguardando')).json() as TConversasPage).itens[0]!;
    expect((await on(b, 'POST', `/backend/api/atendimento/${conversa.atendimentoId}/aceitar`)).statusCode).toBe(200);
    // The attendant opens it through B: the blue ticks are forwarded too and leave through A's socket, once.
    expect((await on(b, 'POST', `/backend/api/atendimento/${conversa.atendimentoId}/lidas`)).statusCode).toBe(204);
    await vi.waitFor(() => expect(waA.last.read.flat()).toContainEqual({ remoteJid: CUSTOMER_JID, id: 'IN-1', fromMe: false }), {
      timeout: 30_000,
      interval: 50,
    });
    expect(waA.last.read).toHaveLength(1);
    const send = (clientId: string, conteudo: string) =>
      on(b, 'POST', `/backend/api/atendimento/${conversa.atendimentoId}/mensagens`, {
        clientId,
        atendimentoId: conversa.atendimentoId,
        conteudo,
      });
    expect((await send('fwd-0001', 'Tem sim, até as 18h.')).statusCode).toBe(201);
    // Forwarded: it leaves through A's socket, the only one open.
    await vi.waitFor(() => expect(text(waA)).toContain('Tem sim, até as 18h.'), { timeout: 30_000, interval: 50 });
    expect(waB.sockets).toHaveLength(0);

    // A dies without letting go (no release, no renewal): once its lease expires B takes over with the stored
    // pairing (no new QR) and sends from then on.
    await wapiOf(a.ctx).detach();
    await vi.waitFor(() => expect(waB.sockets.length).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
    expect(await dono()).toBe(wapiOf(b.ctx).instance);
    const sockB = waB.last;
    expect(sockB.opts.auth.creds.registered).toBe(true);
    sockB.user = ME;
    sockB.emit('connection.update', { connection: 'open' });
    await wapiOf(b.ctx).idle();
    expect((await send('fwd-0002', 'Pedido confirmado.')).statusCode).toBe(201);
    await vi.waitFor(() => expect(text(waB)).toContain('Pedido confirmado.'), { timeout: 30_000, interval: 50 });
    // Each answer left once, from one instance.
    expect([...text(waA), ...text(waB)].filter((t) => t === 'Tem sim, até as 18h.')).toHaveLength(1);
    expect(text(waA)).not.toContain('Pedido confirmado.');

    // 'Desconectar' served by the instance that does not run the socket (A, back again): B, the owner, logs out
    // on WhatsApp at its next renewal (the phone's linked devices lose it), and nobody reopens it.
    expect((await on(a, 'POST', api('desconectar'))).json()).toMatchObject({ estado: 'desconectado', numero: null });
    await vi.waitFor(() => expect(sockB.loggedOut).toBe(true), { timeout: 30_000, interval: 50 });
    const sockets = waA.sockets.length + waB.sockets.length;
    await wapiOf(b.ctx).wake();
    await wapiOf(b.ctx).idle();
    expect(waA.sockets.length + waB.sockets.length).toBe(sockets);
    expect(((await on(b, 'GET', api('status'))).json() as { connected: boolean }).connected).toBe(false);
  });
});
