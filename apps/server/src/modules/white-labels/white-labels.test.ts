import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../app';
import { emailOutbox } from '../../db/schema/outbox';
import { login, makeAccount } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { linkOriginOf } from './service';

const TOKEN = 'operator-test-token-0123456789abcdef';
const OP = { authorization: `Bearer ${TOKEN}` };
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), Buffer.alloc(64)]);
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body></body></html>';

describe.each(DB_KINDS)('white labels on %s', (kind) => {
  let t: TestApp;
  let web: App;
  let dist: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { operatorToken: TOKEN });
    dist = mkdtempSync(path.join(tmpdir(), 'balcao-web-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    // The same server with a built web app to serve (the harness's app has none).
    web = await buildApp(t.ctx, { ping: t.database.ping, webDist: dist });
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const op = (method: 'POST' | 'PUT', url: string, payload?: object | Buffer, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/backend${url}`, headers: { ...OP, ...headers }, ...(payload ? { payload } : {}) });

  it('the operator defines a white label; its host gets the app with its id on the window under a nonce CSP, no other host does', async () => {
    const made = await op('POST', '/operador/white-labels', {
      id: 'revenda1',
      nome: 'Revenda Um',
      hosts: ['Atende.Revenda.com.br'],
      corPrimaria: '#0f766e',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ id: 'revenda1', hosts: ['atende.revenda.com.br'], logoUrl: null });
    expect((await op('POST', '/operador/white-labels', { id: 'revenda1', nome: 'De novo' })).statusCode).toBe(409);
    expect((await op('POST', '/operador/white-labels', { id: 'outra', nome: 'Outra', hosts: ['atende.revenda.com.br'] })).statusCode).toBe(
      409,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/backend/operador/white-labels', payload: { id: 'x', nome: 'x' } })).statusCode,
    ).toBe(401);

    const page = await web.inject({ method: 'GET', url: '/login', headers: { host: 'atende.revenda.com.br:443' } });
    expect(page.statusCode).toBe(200);
    const nonce = /<script nonce="([^"]+)">window\.whiteLabelId="revenda1";<\/script>/.exec(page.body)?.[1];
    expect(nonce).toBeTruthy();
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`'nonce-${nonce}'`);
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe(`'self' 'nonce-${nonce}'`);
    const plain = await web.inject({ method: 'GET', url: '/login', headers: { host: 'balcao.test' } });
    expect(plain.body).toBe(INDEX);
    expect(String(plain.headers['content-security-policy'])).not.toContain('nonce-');
  });

  it('stores the logo through the storage layer, serves it publicly, and assigns accounts; links follow the label’s own URL', async () => {
    await op('POST', '/operador/white-labels', {
      id: 'revenda2',
      nome: 'Revenda Dois',
      hosts: [],
      publicUrl: 'https://atendimento.revenda2.com.br/',
    });
    const svg = await op('PUT', '/operador/white-labels/revenda2/logo', Buffer.from('<svg/>'), { 'content-type': 'image/png' });
    expect(svg.statusCode).toBe(415);
    const logo = await op('PUT', '/operador/white-labels/revenda2/logo', PNG, { 'content-type': 'image/png' });
    expect(logo.statusCode, logo.body).toBe(200);
    const url = (logo.json() as { logoUrl: string }).logoUrl;
    expect(url).toMatch(/^\/backend\/uploads\/white-labels\/[0-9a-f]{32}\.png$/);
    const pub = await t.app.inject({ method: 'GET', url: '/backend/api/public/white-labels/revenda2/logo' });
    expect(pub.statusCode).toBe(302);
    expect(pub.headers.location).toBe(url);
    expect((await t.app.inject({ method: 'GET', url })).rawPayload.subarray(0, 4).toString('hex')).toBe('89504e47');
    expect((await t.app.inject({ method: 'GET', url: '/backend/api/public/white-labels/revenda2' })).json()).toEqual({
      id: 'revenda2',
      nome: 'Revenda Dois',
      corPrimaria: null,
      logoUrl: '/backend/api/public/white-labels/revenda2/logo',
    });

    const acc = await makeAccount(t.ctx.db);
    expect(await linkOriginOf(t.ctx, acc.account.id)).toBe('http://balcao.test');
    expect((await op('POST', `/operador/contas/${acc.account.databaseName}/white-label`, { whiteLabelId: 'nao-existe' })).statusCode).toBe(
      404,
    );
    const set = await op('POST', `/operador/contas/${acc.account.databaseName}/white-label`, { whiteLabelId: 'revenda2' });
    expect(set.statusCode).toBe(200);
    const master = await login(t.app, acc.master.email);
    // An account under a white label is in white-label mode on any host: the web reads it from /api/conta.
    expect((await t.app.inject({ method: 'GET', url: '/backend/api/conta', headers: master.auth })).json().whiteLabelId).toBe('revenda2');
    expect(await linkOriginOf(t.ctx, acc.account.id)).toBe('https://atendimento.revenda2.com.br');
    await op('POST', `/operador/contas/${acc.account.databaseName}/white-label`, { whiteLabelId: null });
    expect(await linkOriginOf(t.ctx, acc.account.id)).toBe('http://balcao.test');
  });

  it('invitation, admin reset and forgot-password e-mails carry the label’s name and own URL, and their links work', async () => {
    await op('POST', '/operador/white-labels', {
      id: 'revenda3',
      nome: 'Revenda Três',
      hosts: [],
      publicUrl: 'https://suporte.revenda3.com.br',
    });
    const acc = await makeAccount(t.ctx.db);
    await op('POST', `/operador/contas/${acc.account.databaseName}/white-label`, { whiteLabelId: 'revenda3' });
    const master = await login(t.app, acc.master.email);
    const lastMail = async (to: string) =>
      (await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.createdAt)).limit(1))[0];

    const email = `convidado-${acc.account.databaseName}@teste.local`;
    const made = await t.app.inject({
      method: 'POST',
      url: '/backend/api/usuarios',
      headers: master.auth,
      payload: { nome: 'Convidada', email, role: 'atendente', departamentoIds: [] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const convite = (await lastMail(email))!;
    expect(convite.subject).toBe(`Revenda Três: você foi convidado para ${acc.account.nome}`);
    expect(convite.text).toContain('cadastrado no Revenda Três de');
    expect(convite.text).not.toContain('Balcão');
    const token = /^https:\/\/suporte\.revenda3\.com\.br\/resetar-senha\?token=([\w-]+)&convite=1$/m.exec(convite.text)?.[1];
    expect(token).toBeTruthy();
    expect(convite.text).toContain(`entre por https://suporte.revenda3.com.br/login com o e-mail ${email}`);
    // The link is a real one: the token sets the password.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/backend/api/auth/reset-password',
      payload: { token, senha: 'Senha-nova-123' },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    const forgot = await t.app.inject({ method: 'POST', url: '/backend/api/auth/forgot-password', payload: { email: acc.master.email } });
    expect(forgot.statusCode).toBe(200);
    const esqueci = await vi.waitFor(async () => {
      const m = await lastMail(acc.master.email);
      if (!m?.text.includes('/resetar-senha')) throw new Error('e-mail ainda não saiu');
      return m;
    });
    expect(esqueci.subject).toBe('Revenda Três: redefinição de senha');
    expect(esqueci.text).toMatch(/^https:\/\/suporte\.revenda3\.com\.br\/resetar-senha\?token=[\w-]+$/m);

    // Without a label the same e-mails keep the product's name and PUBLIC_URL.
    const plain = await makeAccount(t.ctx.db);
    await t.app.inject({ method: 'POST', url: '/backend/api/auth/forgot-password', payload: { email: plain.master.email } });
    const semMarca = await vi.waitFor(async () => {
      const m = await lastMail(plain.master.email);
      if (!m?.text.includes('/resetar-senha')) throw new Error('e-mail ainda não saiu');
      return m;
    });
    expect(semMarca.subject).toBe('Balcão: redefinição de senha');
    expect(semMarca.text).toMatch(/^http:\/\/balcao\.test\/resetar-senha\?token=[\w-]+$/m);
  });
});
