import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCanal } from '@balcao/shared/canais';
import { registerAtendimentoHub } from '../realtime/atendimento-hub';
import { createSocketServer, SOCKET_PATH } from '../realtime/server';
import { makeCanal, makeVisitor, SITE } from '../test/atendimentos-fixtures';
import { login, makeAccount } from '../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../test/harness';
import { NUL_TEXT } from './input-guard';

/** Input that used to answer in English or with a 500. */
describe.each(DB_KINDS)('input refused in Portuguese on %s', (kind) => {
  let t: TestApp;
  let master: Awaited<ReturnType<typeof login>>;
  let canal: TCanal;
  let atendimentoId: string;
  let closeSockets: () => Promise<void>;
  let socket: Socket;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const acc = await makeAccount(t.ctx.db);
    master = await login(t.app, acc.master.email);
    canal = await makeCanal(t, master.auth);
    await (await makeVisitor(t, canal)).send('olá');
    const list = await t.app.inject({ method: 'GET', url: '/backend/api/atendimento/conversas?status=aguardando', headers: master.auth });
    atendimentoId = list.json().itens[0].atendimentoId;
    const accepted = await t.app.inject({ method: 'POST', url: `/backend/api/atendimento/${atendimentoId}/aceitar`, headers: master.auth });
    expect(accepted.statusCode).toBe(200);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sockets = createSocketServer(t.app.server, {});
    t.ctx.io = sockets.io;
    registerAtendimentoHub(sockets.io, t.ctx, t.app.log);
    closeSockets = sockets.close;
    socket = connect(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/atendimento`, {
      path: SOCKET_PATH,
      auth: { token: master.token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => socket.on('connect', () => resolve()).on('connect_error', reject));
  });
  afterAll(async () => {
    socket?.close();
    await closeSockets?.();
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = master.auth) => t.app.inject({ method: 'GET', url, headers });

  it('answers a zod number bound in Portuguese, in the { message, code, errors: { field: [...] } } body', async () => {
    const r = await get('/backend/cliente/lista?pesquisa=a&page=-1');
    expect(r.statusCode).toBe(400);
    const body = r.json();
    expect(body).toEqual({ message: expect.any(String), code: 'VALIDATION', errors: { page: [body.message] } });
    expect(body.message).toBe('Muito pequeno: o mínimo é 1.');
    expect(body.message).not.toMatch(/too small|expected/i);
  });

  it('refuses a NUL byte in busca with a 400', async () => {
    const r = await get('/backend/api/atendimento/conversas?status=aguardando&busca=a%00b');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ message: NUL_TEXT, code: 'VALIDATION', errors: { busca: [NUL_TEXT] } });
  });

  it('refuses a NUL byte in pesquisa with a 400', async () => {
    const r = await get('/backend/cliente/lista?pesquisa=a%00b');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ message: NUL_TEXT, errors: { pesquisa: [NUL_TEXT] } });
  });

  it('refuses a NUL byte in a message sent over HTTP with a 400', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: `/backend/api/atendimento/${atendimentoId}/mensagens`,
      headers: master.auth,
      payload: { clientId: randomUUID(), atendimentoId, conteudo: 'a\u0000b' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ message: NUL_TEXT, errors: { conteudo: [NUL_TEXT] } });
  });

  it('refuses a NUL byte in a message sent over the socket, on its acknowledgement', async () => {
    const ack = await socket.timeout(5000).emitWithAck('SendMessage', { clientId: randomUUID(), atendimentoId, conteudo: 'a\u0000b' });
    expect(ack).toEqual({ ok: false, code: 'VALIDATION', message: NUL_TEXT });
    const ok = await socket.timeout(5000).emitWithAck('SendMessage', { clientId: randomUUID(), atendimentoId, conteudo: 'sem nul' });
    expect(ok).toMatchObject({ ok: true, mensagem: { conteudo: 'sem nul' } });
  });

  it('refuses an impossible dashboard date with a 400', async () => {
    const r = await get(`/backend/api/atendimento/dashboard?atendenteId=todos&dataInicio=2024-13-45T99:99&dataFim=2024-01-31T23:59:59`);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ message: 'Data inválida.', code: 'VALIDATION', errors: { dataInicio: ['Data inválida.'] } });
    const feb30 = await get(`/backend/api/atendimento/dashboard?atendenteId=todos&dataInicio=2024-02-30T00:00&dataFim=2024-03-01T00:00`);
    expect(feb30.statusCode).toBe(400);
    const fine = await get(`/backend/api/atendimento/dashboard?atendenteId=todos&dataInicio=2024-02-29T00:00&dataFim=2024-03-01T00:00`);
    expect(fine.statusCode).toBe(200);
  });

  it('refuses a Referer that is not a URL on widget routes with a 400', async () => {
    const r = await get(`/backend/api/public/widget/${canal.token}/config`, { referer: '::bad' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ message: 'O cabeçalho Referer é inválido.', code: 'VALIDATION' });
    const good = await get(`/backend/api/public/widget/${canal.token}/config`, { referer: `${SITE}/pagina` });
    expect(good.statusCode).toBe(200);
  });
});
