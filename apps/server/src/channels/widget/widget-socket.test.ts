import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCanal } from '@balcao/shared/canais';
import { SOCKET_CONNECTIONS_PER_MINUTE, type TWidgetSession } from '@balcao/shared/widget';
import { loadEnv } from '../../env';
import { startServer, type Running } from '../../server';
import { makeCanal, SITE } from '../../test/atendimentos-fixtures';
import { login, makeAccount } from '../../test/factories';
import { DB_KINDS, freshDatabase, type TestApp } from '../../test/harness';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
/** Resolves with what the event carries, or fails after `ms` (the thing awaited never happened). */
const next = <T>(s: Socket, event: string, ms = 10_000, accept: (v: T) => boolean = () => true) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const on = (v: T) => {
      if (!accept(v)) return;
      clearTimeout(timer);
      s.off(event, on);
      resolve(v);
    };
    s.on(event, on);
  });

/** The real server with Socket.IO: what a visitor socket may do, and what happens to it when its channel goes. */
describe.each(DB_KINDS)('website widget sockets on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-wsock-'));
  let running: Running;
  let base: string;
  let t: TestApp;
  let admin: { token: string; auth: Record<string, string> };
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
    t = { app: running.app, ctx: running.ctx } as TestApp;
    const acc = await makeAccount(running.ctx.db);
    admin = await login(running.app, acc.master.email);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await running?.close();
    await running?.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const session = async (canal: TCanal) => {
    const res = await fetch(`${base}/backend/api/public/widget/${canal.token}/sessao`, {
      method: 'POST',
      headers: { origin: SITE, 'content-type': 'application/json' },
      body: '{}',
    });
    return ((await res.json()) as TWidgetSession).visitante;
  };
  const visitorSocket = (canal: TCanal, visitante: string) => {
    const s = connect(`${base}/widget`, {
      path: '/backend/socket.io',
      auth: { canal: canal.token, visitante },
      transports: ['websocket'],
      extraHeaders: { origin: SITE },
      forceNew: true,
      reconnection: false,
    });
    sockets.push(s);
    return s;
  };
  const connected = async (s: Socket) => {
    if (s.connected) return s;
    await Promise.race([next(s, 'connect'), next<Error>(s, 'connect_error').then((e) => Promise.reject(e))]);
    return s;
  };
  const refusal = async (s: Socket) => (await next<Error>(s, 'connect_error')).message;

  it('2,000 typing events: staff see a few ChatPresence, the visitor socket is cut off and refused for a while', async () => {
    const canal = await makeCanal(t, admin.auth, { nome: 'Site enxurrada' });
    const visitante = await session(canal);
    const visitor = await connected(visitorSocket(canal, visitante));
    const ack = await visitor.timeout(5000).emitWithAck('EnviarMensagem', { clientId: 'enxurrada-0001', conteudo: 'Olá' });
    expect(ack.ok).toBe(true);

    const staff = connect(`${base}/atendimento`, {
      path: '/backend/socket.io',
      auth: { token: admin.token },
      transports: ['websocket'],
      forceNew: true,
    });
    sockets.push(staff);
    await connected(staff);
    const presences: { digitando: boolean; online: boolean }[] = [];
    staff.on('ChatPresence', (p: { digitando: boolean; online: boolean }) => presences.push(p));

    const cut = next<string>(visitor, 'disconnect');
    const offline = next<{ online: boolean }>(staff, 'ChatPresence', 10_000, (p) => !p.online);
    for (let i = 0; i < 2000; i++) visitor.emit('Digitando', i % 2 === 0);
    expect(await cut).toBe('io server disconnect');
    await offline;
    expect(presences.length).toBeLessThanOrEqual(4);
    expect(presences.at(-1)).toMatchObject({ digitando: false, online: false });

    expect(await refusal(visitorSocket(canal, visitante))).toBe('Muitas ações em pouco tempo. Aguarde um minuto e tente de novo.');
    // Someone else on the same channel is not affected.
    await connected(visitorSocket(canal, await session(canal)));
  });

  it('a visitor reconnecting in a loop is refused past 30 connections a minute; another visitor is not', async () => {
    const canal = await makeCanal(t, admin.auth, { nome: 'Site reconexões' });
    const visitante = await session(canal);
    for (let i = 0; i < SOCKET_CONNECTIONS_PER_MINUTE; i++) (await connected(visitorSocket(canal, visitante))).close();
    expect(await refusal(visitorSocket(canal, visitante))).toBe('Muitas ações em pouco tempo. Aguarde um minuto e tente de novo.');
    await connected(visitorSocket(canal, await session(canal)));
  });

  it('pausing or deleting a channel disconnects its open visitor sockets, which cannot come back; other channels stay', async () => {
    const paused = await makeCanal(t, admin.auth, { nome: 'Site pausado' });
    const deleted = await makeCanal(t, admin.auth, { nome: 'Site removido' });
    const other = await makeCanal(t, admin.auth, { nome: 'Site que continua' });
    const vPaused = await session(paused);
    const a = await connected(visitorSocket(paused, vPaused));
    const b = await connected(visitorSocket(deleted, await session(deleted)));
    const c = await connected(visitorSocket(other, await session(other)));
    let otherDropped = false;
    c.on('disconnect', () => {
      otherDropped = true;
    });

    const aCut = next<string>(a, 'disconnect');
    const { id, tipo, token, segredo, snippet, criadoEm, config, ...rest } = paused;
    const put = await fetch(`${base}/backend/api/canais/${id}`, {
      method: 'PUT',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...rest, ...config, ativo: false }),
    });
    expect(put.status).toBe(200);
    expect(await aCut).toBe('io server disconnect');
    expect(await refusal(visitorSocket(paused, vPaused))).toBe('Canal de chat não encontrado ou desativado.');

    const bCut = next<string>(b, 'disconnect');
    const del = await fetch(`${base}/backend/api/canais/${deleted.id}`, { method: 'DELETE', headers: admin.auth });
    expect(del.status).toBe(204);
    expect(await bCut).toBe('io server disconnect');

    const ack = await c.timeout(5000).emitWithAck('EnviarMensagem', { clientId: 'continua-0001', conteudo: 'Ainda aqui' });
    expect(ack.ok).toBe(true);
    expect(otherDropped).toBe(false);
  });

  it("changing a channel's sites disconnects its visitor sockets; a site no longer allowed cannot come back", async () => {
    const canal = await makeCanal(t, admin.auth, { nome: 'Site que muda' });
    const visitante = await session(canal);
    const s = await connected(visitorSocket(canal, visitante));
    const cut = next<string>(s, 'disconnect');
    const { id, tipo, token, segredo, snippet, criadoEm, config, ...rest } = canal;
    const put = await fetch(`${base}/backend/api/canais/${id}`, {
      method: 'PUT',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...rest, ...config, origensPermitidas: ['https://outra-loja.exemplo.com.br'] }),
    });
    expect(put.status).toBe(200);
    expect(await cut).toBe('io server disconnect');
    expect(await refusal(visitorSocket(canal, visitante))).toBe('Este site não tem permissão para usar este chat.');
  });
});
