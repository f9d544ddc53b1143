import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRealtimeMessage } from '@balcao/shared/atendimentos/realtime';
import { loadEnv } from '../../env';
import { startServer, type Running } from '../../server';
import { makeCanal, makeVisitor } from '../../test/atendimentos-fixtures';
import { DB_KINDS, freshDatabase, type TestApp } from '../../test/harness';
import { login, makeAccount } from '../../test/factories';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** The real server with Socket.IO: administration changes reach open sockets at once. */
describe.each(DB_KINDS)('administration and open sockets on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-adm-'));
  let running: Running;
  let base: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env = loadEnv({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    });
    running = await startServer(env, { database: await freshDatabase(kind) });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await running?.close();
    await running?.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const open = async (namespace: string, token: string) => {
    const s = connect(`${base}${namespace}`, {
      path: '/backend/socket.io',
      auth: { token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', resolve);
      s.once('connect_error', reject);
    });
    return s;
  };
  const closed = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', resolve));
  const call = (method: 'POST' | 'PUT', url: string, auth: Record<string, string>, payload?: object) =>
    running.app.inject({ method, url: `/backend${url}`, headers: auth, ...(payload ? { payload } : {}) });

  it('deactivating a user closes their sockets at once and refuses their token and refresh cookie', async () => {
    const acc = await makeAccount(running.ctx.db);
    const admin = await login(running.app, (await acc.addUser('admin')).email);
    const row = await acc.addUser('atendente');
    const s = await login(running.app, row.email);
    const chat = await open('/atendimento', s.token);
    const interno = await open('/chat-interno', s.token);
    const gone = Promise.all([closed(chat), closed(interno)]);
    expect((await call('POST', `/api/usuarios/${row.id}/desativar`, admin.auth)).statusCode).toBe(200);
    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
    await expect(open('/atendimento', s.token)).rejects.toThrow('Não autorizado');
    const refresh = await running.app.inject({
      method: 'GET',
      url: '/backend/api/auth/refresh',
      cookies: { balcao_refresh: s.refreshCookie },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it("moving an atendente to a department puts their open socket in that department's queue", async () => {
    const acc = await makeAccount(running.ctx.db);
    const adminRow = await acc.addUser('admin');
    const admin = await login(running.app, adminRow.email);
    const vendas = await acc.addDepartamento('Vendas');
    const suporte = await acc.addDepartamento('Suporte');
    const row = await acc.addUser('atendente', { departamentoId: suporte.id });
    const s = await login(running.app, row.email);
    const chat = await open('/atendimento', s.token);
    const heard: string[] = [];
    chat.on('ClientReceiveMessage', (m: TRealtimeMessage) => heard.push(m.content));
    const t = { app: running.app, ctx: running.ctx } as TestApp;
    const canal = await makeCanal(t, admin.auth, { departamentoPadraoId: vendas.id });
    const moved = await call('PUT', `/api/departamentos/${vendas.id}`, admin.auth, { nome: 'Vendas', usuarioIds: [row.id] });
    expect(moved.statusCode).toBe(200);
    const got = new Promise((resolve) => chat.once('ClientReceiveMessage', resolve));
    await (await makeVisitor(t, canal)).send('quero comprar');
    await got;
    expect(heard).toEqual(['quero comprar']);
  });
});
