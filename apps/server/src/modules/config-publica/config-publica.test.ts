import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { login, makeAccount } from '../../test/factories';

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
