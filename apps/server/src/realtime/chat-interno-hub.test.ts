import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_INTERNO_INLINE,
  CHAT_INTERNO_NAMESPACE,
  CHAT_INTERNO_VALIDACAO as V,
  type ChatInternoClientEvents,
  type ChatInternoServerEvents,
  type TConversa,
  type TMensagem,
  type TUpdateConversations,
} from '@balcao/shared/chat-interno';
import { chatWorld, makeGroup, type ChatWorld } from '../modules/chat-interno/testing';
import { login } from '../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../test/harness';
import { registerChatInternoHub } from './chat-interno-hub';
import { socketPublishers } from './publishers';
import { createSocketServer, SOCKET_PATH } from './server';

type ChatSocket = Socket<ChatInternoServerEvents, ChatInternoClientEvents>;
type Recorded = { socket: ChatSocket; receive: TMensagem[]; update: TUpdateConversations[] };

/** Time to let events that should not come arrive anyway (all emits of one change leave together). */

describe.each(DB_KINDS)('chat interno hub on %s', (kind) => {
  let t: TestApp;
  let w: ChatWorld;
  let url: string;
  let closeSockets: () => Promise<void>;
  const open: ChatSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await chatWorld(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sockets = createSocketServer(t.app.server, {});
    t.ctx.io = sockets.io;
    t.ctx.publish = socketPublishers(sockets.io);
    registerChatInternoHub(sockets.io, t.ctx);
    closeSockets = sockets.close;
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${CHAT_INTERNO_NAMESPACE}`;
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await closeSockets();
    await t.close();
  });

  function socketWith(auth: object): ChatSocket {
    const socket: ChatSocket = connect(url, { path: SOCKET_PATH, auth, transports: ['websocket'], forceNew: true, reconnection: false });
    open.push(socket);
    return socket;
  }

  /** A connected socket of the user with that e-mail, recording what it receives. */
  async function as(email: string): Promise<Recorded> {
    const { token } = await login(t.app, email);
    const socket = socketWith({ token });
    const rec: Recorded = { socket, receive: [], update: [] };
    socket.on('ReceiveMessage', (m) => rec.receive.push(m));
    socket.on('UpdateConversations', (p) => rec.update.push(p));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return rec;
  }

  const until = (check: () => boolean) => expect.poll(check, { timeout: 3000, interval: 10 }).toBe(true);
  /**
   * Proves that nothing more arrives without sleeping (a late regression would pass a sleep): a round trip on each
   * socket, a refused SendMessage and its ack, comes after anything the server sent that socket before it.
   */
  const fence = (...recs: Recorded[]) => Promise.all(recs.map((r) => r.socket.timeout(5000).emitWithAck('SendMessage', 'fence' as never)));
  const send = (rec: Recorded, conversaId: string, texto: string, id: string = randomUUID()) =>
    rec.socket.timeout(5000).emitWithAck('SendMessage', { conversaId, mensagem: { id, texto, tipo: 'text', midiaUrl: null } });

  it('refuses a handshake without a valid token', async () => {
    for (const auth of [{}, { token: 'forged' }]) {
      const socket = socketWith(auth);
      const err = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(err.message).toBe('Não autorizado');
    }
  });

  it('acks SendMessage with the stored message and delivers ReceiveMessage to the other members only', async () => {
    const grupo = await makeGroup(w.api.ana, 'Ao vivo', [w.bia.id, w.duda.id]);
    const [ana, anaOtherTab, bia, duda, caio, estranho] = await Promise.all([
      as(w.ana.email),
      as(w.ana.email),
      as(w.bia.email),
      as(w.duda.email),
      as(w.caio.email),
      as(w.outra.estranho.email),
    ]);
    const clientId = randomUUID();
    const ack = await send(ana, grupo, 'Olá, time', clientId);
    expect(ack).toMatchObject({
      ok: true,
      mensagem: { conversaId: grupo, conteudo: 'Olá, time', remetenteId: w.ana.id, clientId, origemTipo: 1 },
    });
    const stored = (ack as { mensagem: TMensagem }).mensagem;

    await until(() => bia.receive.length === 1 && duda.receive.length === 1 && anaOtherTab.receive.length === 1);
    expect(bia.receive[0]).toEqual(stored);
    await fence(ana, caio, estranho);
    expect(ana.receive).toHaveLength(0); // the sending socket has its ack
    expect(caio.receive).toHaveLength(0);
    expect(estranho.receive).toHaveLength(0);
    expect(estranho.update).toHaveLength(0);
  });

  it('stores a resent SendMessage once and acks the same message', async () => {
    const conversa = (await w.api.ana.post('/conversa', { usuarios: [w.caio.id], departamentos: [], nome: '' })).json().id as string;
    const [ana, caio] = await Promise.all([as(w.ana.email), as(w.caio.email)]);
    const clientId = randomUUID();
    const first = await send(ana, conversa, 'só uma vez', clientId);
    const second = await send(ana, conversa, 'só uma vez', clientId);
    expect(second).toEqual(first);
    await until(() => caio.receive.length === 1);
    await fence(caio);
    expect(caio.receive).toHaveLength(1);
    const page = (await w.api.caio.get(`/mensagens/${conversa}`)).json() as { totalCount: number };
    expect(page.totalCount).toBe(1);
  });

  it("acks refusals: bad payload, a conversation the user is not in, another account's conversation", async () => {
    const grupo = await makeGroup(w.api.ana, 'Fechado', [w.bia.id, w.duda.id]);
    const [caio, estranho, bia] = await Promise.all([as(w.caio.email), as(w.outra.estranho.email), as(w.bia.email)]);
    expect(await send(bia, grupo, '   ')).toEqual({ ok: false, message: V.mensagemVazia, code: 'VALIDATION' });
    expect(await bia.socket.timeout(5000).emitWithAck('SendMessage', 'lixo' as never)).toMatchObject({ ok: false, code: 'VALIDATION' });
    const notFound = { ok: false, message: CHAT_INTERNO_INLINE.conversaNaoEncontrada, code: 'NOT_FOUND' };
    expect(await send(caio, grupo, 'posso entrar?')).toEqual(notFound);
    expect(await send(estranho, grupo, 'invasão')).toEqual(notFound);
    expect(await estranho.socket.timeout(5000).emitWithAck('ViewMessages', { conversaId: grupo, ultimaMensagemId: null })).toEqual(
      notFound,
    );
    const page = (await w.api.ana.get(`/mensagens/${grupo}`)).json() as { totalCount: number };
    expect(page.totalCount).toBe(1); // only the creation notice
  });

  it('ViewMessages moves the read mark: the unread count drops to 0', async () => {
    const grupo = await makeGroup(w.api.ana, 'Vistas', [w.bia.id, w.duda.id]);
    const [ana, bia] = await Promise.all([as(w.ana.email), as(w.bia.email)]);
    await send(ana, grupo, 'um');
    const ack = await send(ana, grupo, 'dois');
    const unread = async () =>
      ((await w.api.bia.get('/conversas')).json() as TConversa[]).find((c) => c.id === grupo)!.qtdMensagensNaoVistas;
    expect(await unread()).toBe(3);
    const lastId = (ack as { mensagem: TMensagem }).mensagem.id;
    expect(await bia.socket.timeout(5000).emitWithAck('ViewMessages', { conversaId: grupo, ultimaMensagemId: lastId })).toEqual({
      ok: true,
    });
    expect(await unread()).toBe(0);
  });

  it('sends UpdateConversations when a list changes: created, joined, renamed, removed, left', async () => {
    const [master, ana, bia, caio, duda, estranho] = await Promise.all([
      as(w.master.email),
      as(w.ana.email),
      as(w.bia.email),
      as(w.caio.email),
      as(w.duda.email),
      as(w.outra.estranho.email),
    ]);
    const has = (r: Recorded, conteudo: string) => r.receive.some((m) => m.conteudo === conteudo);
    const grupo = await makeGroup(w.api.ana, 'Eventos', [w.bia.id, w.duda.id]);
    await until(() => [ana, bia, duda].every((r) => r.update.length >= 1) && has(bia, 'Ana criou o grupo "Eventos"'));
    expect(bia.update[0]).toEqual({ conversaId: grupo });

    await w.api.ana.post(`/conversa/${grupo}/integrante`, { integranteId: w.caio.id, integranteTipo: 1 });
    await until(() => caio.update.length >= 1 && has(caio, 'Ana adicionou Caio'));
    await w.api.ana.postJsonString(`/conversa/${grupo}/mudar-nome`, 'Eventos 2');
    await until(() => has(bia, 'Ana alterou o nome do grupo para "Eventos 2"'));
    await w.api.ana.del(`/conversa/${grupo}/integrante`, { integranteId: w.duda.id, integranteTipo: 1 });
    await until(() => has(bia, 'Ana removeu Duda'));
    await w.api.bia.del(`/conversa/${grupo}/sair`);
    await until(() => has(ana, 'Bia saiu do grupo'));

    await fence(ana, bia, caio, duda, master, estranho);
    // Created, Caio added, renamed, Duda removed, Bia left: each list reload reaches who was or is in it.
    expect([ana, bia, caio, duda].map((r) => r.update.length)).toEqual([5, 5, 4, 4]);
    expect(has(duda, 'Ana removeu Duda')).toBe(false);
    expect(has(bia, 'Bia saiu do grupo')).toBe(false);
    expect(master.update).toHaveLength(0);
    expect(estranho.update).toHaveLength(0);
    expect(estranho.receive).toHaveLength(0);
  });

  it("reaches a department's members as they are when the message is sent", async () => {
    const grupo = await makeGroup(w.api.master, 'Suporte ao vivo', [w.ana.id, w.duda.id], [w.suporte.id]);
    const novato = await w.acc.addUser('atendente', { nome: 'Novato', departamentoId: w.suporte.id });
    const [master, bia, recemChegado] = await Promise.all([as(w.master.email), as(w.bia.email), as(novato.email)]);
    await send(master, grupo, 'Bem-vindos');
    await until(() => bia.receive.length === 1 && recemChegado.receive.length === 1);
    expect(recemChegado.receive[0]!.conteudo).toBe('Bem-vindos');
  });
});
