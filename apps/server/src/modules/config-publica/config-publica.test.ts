import type { Socket } from 'socket.io-client';
import type { TAtendenteOnline } from '@balcao/shared/atendimentos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { login, makeAccount } from '../../test/factories';
import { liveServer } from '../../test/live-server';

const TELEMETRIA = { chave: 'phc_teste123', host: 'https://eu.i.posthog.com' };

describe.each(DB_KINDS)('GET /backend/api/public/config on %s', (kind) => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    on = await createTestApp(kind, { telemetria: TELEMETRIA });
    off = await createTestApp(kind);
  });
  afterAll(async () => {
    await on.close();
    await off.close();
  });
  const config = (t: TestApp, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/backend/api/public/config', headers });

  it('answers the analytics key and host only when the operator set POSTHOG_KEY', async () => {
    expect((await config(off)).json()).toMatchObject({ telemetria: null });
    const r = await config(on);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ telemetria: TELEMETRIA });
  });

  it("an account's admin turns it off for that account only; an atendente cannot", async () => {
    const acc = await makeAccount(on.ctx.db, 'Loja Sem Analise');
    const other = await makeAccount(on.ctx.db, 'Loja Com Analise');
    const admin = (await login(on.app, (await acc.addUser('admin')).email)).auth;
    const atendente = (await login(on.app, (await acc.addUser('atendente')).email)).auth;
    const outro = (await login(on.app, (await other.addUser('atendente')).email)).auth;
    const put = (auth: Record<string, string>, telemetria: boolean) =>
      on.app.inject({
        method: 'PUT',
        url: '/backend/api/conta',
        headers: auth,
        payload: { nome: 'Loja Sem Analise', timeZone: 'UTC', telemetria },
      });

    expect((await put(atendente, false)).statusCode).toBe(403);
    expect((await config(on, atendente)).json()).toMatchObject({ telemetria: TELEMETRIA });
    const r = await put(admin, false);
    expect(r.statusCode).toBe(200);
    expect(r.json().telemetria).toBe(false);
    expect((await config(on, atendente)).json()).toMatchObject({ telemetria: null });
    expect((await config(on, admin)).json()).toMatchObject({ telemetria: null });
    expect((await config(on, outro)).json()).toMatchObject({ telemetria: TELEMETRIA });
    // A save without the field keeps it as it was.
    await on.app.inject({ method: 'PUT', url: '/backend/api/conta', headers: admin, payload: { nome: 'Loja', timeZone: 'UTC' } });
    expect((await config(on, atendente)).json()).toMatchObject({ telemetria: null });
    await put(admin, true);
    expect((await config(on, atendente)).json()).toMatchObject({ telemetria: TELEMETRIA });
  });
});

/** The real server with Socket.IO: the switch applies at once in every signed-in tab of the account. */
describe.each(DB_KINDS)("the analytics switch and the account's open sockets on %s", (kind) => {
  const live = liveServer(kind, { POSTHOG_KEY: TELEMETRIA.chave, POSTHOG_HOST: TELEMETRIA.host });

  it("tells the account's sockets when it changes (never another account's, nor a save that keeps it)", async () => {
    const { app, ctx } = live.running;
    const acc = await makeAccount(ctx.db, 'Loja Que Desliga');
    const other = await makeAccount(ctx.db, 'Loja Vizinha');
    const admin = (await login(app, (await acc.addUser('admin')).email)).auth;
    const otherAdmin = (await login(app, (await other.addUser('admin')).email)).auth;
    const mine = await live.open('/atendimento', (await login(app, (await acc.addUser('atendente')).email)).token);
    const theirs = await live.open('/atendimento', (await login(app, (await other.addUser('atendente')).email)).token);
    const heard = { acc: 0, other: 0 };
    mine.on('TelemetriaAlterada', () => {
      heard.acc += 1;
    });
    theirs.on('TelemetriaAlterada', () => {
      heard.other += 1;
    });
    /**
     * Everything told to a socket before now has reached it: a colleague created now connects, and the socket waits
     * for the attendants' list that names them (events reach one socket in the order they were sent).
     */
    const settled = async (s: Socket, of: typeof acc) => {
      const novo = await of.addUser('atendente');
      const named = new Promise<void>((resolve) =>
        s.on('ChatListPresence', (list: TAtendenteOnline[]) => list.some((a) => a.id === novo.id) && resolve()),
      );
      await live.open('/atendimento', (await login(app, novo.email)).token);
      await named;
    };
    const put = (auth: Record<string, string>, payload: object) =>
      app.inject({ method: 'PUT', url: '/backend/api/conta', headers: auth, payload: { nome: 'Loja', timeZone: 'UTC', ...payload } });

    expect((await put(admin, {})).statusCode).toBe(200); // no switch in the save
    expect((await put(admin, { telemetria: true })).statusCode).toBe(200); // kept as it was
    expect((await put(admin, { telemetria: false })).statusCode).toBe(200);
    expect((await put(admin, { telemetria: true })).statusCode).toBe(200);
    expect((await put(otherAdmin, { telemetria: false })).statusCode).toBe(200);
    await settled(mine, acc);
    await settled(theirs, other);
    expect(heard).toEqual({ acc: 2, other: 1 });
  });
});
