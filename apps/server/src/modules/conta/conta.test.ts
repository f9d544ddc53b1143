import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTA_TEXTS } from '@balcao/shared/conta';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { login, makeAccount } from '../../test/factories';
import { bytes } from '../chat-interno/testing';

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function multipart(field: string, data: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append(field, new Blob([data], { type }), filename);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type')! } };
}

describe.each(DB_KINDS)('account settings (Configurações > Geral) on %s', (kind) => {
  let t: TestApp;
  let acc: Awaited<ReturnType<typeof makeAccount>>;
  let admin: Record<string, string>;
  let atendente: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    acc = await makeAccount(t.ctx.db, 'Loja Azul');
    admin = (await login(t.app, (await acc.addUser('admin')).email)).auth;
    atendente = (await login(t.app, (await acc.addUser('atendente')).email)).auth;
  });
  afterAll(() => t.close());

  const conta = (auth: Record<string, string>) => t.app.inject({ method: 'GET', url: '/backend/api/conta', headers: auth });

  it('every staff user reads name, zone and logo; admin changes name and zone; a bad zone is refused', async () => {
    expect((await conta(atendente)).json()).toEqual({
      nome: 'Loja Azul',
      databaseName: acc.account.databaseName,
      timeZone: 'America/Sao_Paulo',
      logoUrl: null,
      whiteLabelId: null,
      telemetria: true,
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/backend/api/conta',
      headers: admin,
      payload: { nome: ' Loja Verde ', timeZone: 'America/Manaus' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ nome: 'Loja Verde', timeZone: 'America/Manaus' });
    expect((await t.app.inject({ method: 'GET', url: '/backend/Usuario/GetCurrentUser', headers: atendente })).json().timeZone).toBe(
      'America/Manaus',
    );
    for (const timeZone of ['America/Atlantida', 'GMT+3; drop', '']) {
      const bad = await t.app.inject({ method: 'PUT', url: '/backend/api/conta', headers: admin, payload: { nome: 'X', timeZone } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.timeZone).toEqual([CONTA_TEXTS.fusoInvalido]);
    }
    const denied = await t.app.inject({
      method: 'PUT',
      url: '/backend/api/conta',
      headers: atendente,
      payload: { nome: 'X', timeZone: 'UTC' },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('takes a logo checked by content, serves it and shows it to everyone; removes it', async () => {
    const up = async (auth: Record<string, string>, data: Buffer, name: string, type: string) => {
      const body = await multipart('logo', data, name, type);
      return t.app.inject({ method: 'POST', url: '/backend/api/conta/logo', headers: { ...auth, ...body.headers }, payload: body.payload });
    };
    const res = await up(admin, PNG_1X1, 'logo.png', 'image/png');
    expect(res.statusCode).toBe(200);
    const url = res.json().logoUrl as string;
    expect(url).toMatch(/^\/backend\/uploads\/logos\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/png');
    expect((await conta(atendente)).json().logoUrl).toBe(url);
    const fake = await up(admin, bytes.text('<svg onload="alert(1)"></svg>'), 'logo.svg', 'image/svg+xml');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(CONTA_TEXTS.logoTipo);
    expect((await up(atendente, PNG_1X1, 'logo.png', 'image/png')).statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: '/backend/api/conta/logo', headers: admin });
    expect(del.json().logoUrl).toBeNull();
  });
});
