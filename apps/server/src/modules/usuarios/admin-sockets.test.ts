import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { TRealtimeMessage } from '@balcao/shared/atendimentos/realtime';
import { makeCanal, makeVisitor } from '../../test/atendimentos-fixtures';
import { DB_KINDS } from '../../test/harness';
import { liveServer } from '../../test/live-server';
import { login, makeAccount } from '../../test/factories';

/** The real server with Socket.IO: administration changes reach open sockets at once. */
describe.each(DB_KINDS)('administration and open sockets on %s', (kind) => {
  const live = liveServer(kind);
  const open = live.open;
  const closed = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', resolve));
  const call = (method: 'POST' | 'PUT', url: string, auth: Record<string, string>, payload?: object) =>
    live.running.app.inject({ method, url: `/backend${url}`, headers: auth, ...(payload ? { payload } : {}) });

  it('deactivating a user closes their sockets at once and refuses their token and refresh cookie', async () => {
    const acc = await makeAccount(live.running.ctx.db);
    const admin = await login(live.running.app, (await acc.addUser('admin')).email);
    const row = await acc.addUser('atendente');
    const s = await login(live.running.app, row.email);
    const chat = await open('/atendimento', s.token);
    const interno = await open('/chat-interno', s.token);
    const gone = Promise.all([closed(chat), closed(interno)]);
    expect((await call('POST', `/api/usuarios/${row.id}/desativar`, admin.auth)).statusCode).toBe(200);
    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
    await expect(open('/atendimento', s.token)).rejects.toThrow('Não autorizado');
    const refresh = await live.running.app.inject({
      method: 'GET',
      url: '/backend/api/auth/refresh',
      cookies: { balcao_refresh: s.refreshCookie },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it("moving an atendente to a department puts their open socket in that department's queue", async () => {
    const acc = await makeAccount(live.running.ctx.db);
    const adminRow = await acc.addUser('admin');
    const admin = await login(live.running.app, adminRow.email);
    const vendas = await acc.addDepartamento('Vendas');
    const suporte = await acc.addDepartamento('Suporte');
    const row = await acc.addUser('atendente', { departamentoId: suporte.id });
    const s = await login(live.running.app, row.email);
    const chat = await open('/atendimento', s.token);
    const heard: string[] = [];
    chat.on('ClientReceiveMessage', (m: TRealtimeMessage) => heard.push(m.content));
    const t = live.t;
    const canal = await makeCanal(t, admin.auth, { departamentoPadraoId: vendas.id });
    const moved = await call('PUT', `/api/departamentos/${vendas.id}`, admin.auth, { nome: 'Vendas', usuarioIds: [row.id] });
    expect(moved.statusCode).toBe(200);
    const got = new Promise((resolve) => chat.once('ClientReceiveMessage', resolve));
    await (await makeVisitor(t, canal)).send('quero comprar');
    await got;
    expect(heard).toEqual(['quero comprar']);
  });
});
