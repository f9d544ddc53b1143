import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAtendimento, TSendAck } from '@balcao/shared/atendimentos';
import type { TRealtimeMessage } from '@balcao/shared/atendimentos/realtime';
import type { TCanal } from '@balcao/shared/canais';
import type { TWidgetMessage, TWidgetSession } from '@balcao/shared/widget';
import { OutgoingQueue } from '../../../web/src/features/atendimentos/realtime/outgoing-queue';
import { loadEnv, type TEnv } from '../env';
import { createAccount } from '../modules/accounts/service';
import { startServer, type Running } from '../server';

const SITE = 'https://loja.exemplo.com.br';
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timeout');
    await new Promise((r) => setTimeout(r, 25));
  }
};

/** The real server (embedded database on disk), stopped and started again mid-conversation. */
describe('customer-chat realtime contract', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-rt-'));
  let port: number;
  let env: TEnv;
  let running: Running;
  let base: string;
  const sockets: Socket[] = [];
  const json = async <T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(base + url, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as T;
  };
  const token = async (email: string) =>
    (await json<{ token: string }>('POST', '/backend/api/auth/login', { email, senha: 'balcao-demo' })).token;

  beforeAll(async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = loadEnv({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MAIL_FROM: 'x@y.z',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'false',
      WIDGET_MESSAGES_PER_MINUTE: '30',
      WIDGET_SESSIONS_PER_MINUTE: '20',
    });
    running = await startServer(env);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await running?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers events with the spec payloads and keeps queued messages exactly once, in order, across a restart', async () => {
    const master = await token('master@demo.local');
    const atendente = await token('atendente@demo.local');
    const outsider = await token('atendente2@demo.local');
    const deps = await json<{ id: string; nome: string }[]>('GET', '/backend/api/departamentos', undefined, {
      authorization: `Bearer ${master}`,
    });
    const comercial = deps.find((d) => d.nome === 'Comercial')!.id;
    // The queue of Comercial: atendente (Comercial) sees it, atendente2 (Suporte) must not.
    const canal = await json<TCanal>(
      'POST',
      '/backend/api/canais/widget',
      { nome: 'Site', origensPermitidas: [SITE], departamentoPadraoId: comercial },
      { authorization: `Bearer ${master}` },
    );
    const session = await json<TWidgetSession>('POST', `/backend/api/public/widget/${canal.token}/sessao`, {}, { origin: SITE });

    const staff = (t: string) => {
      const s = connect(`${base}/atendimento`, {
        path: '/backend/socket.io',
        auth: { token: t },
        transports: ['websocket'],
        reconnectionDelay: 100,
      });
      sockets.push(s);
      return s;
    };
    const leaked: unknown[] = [];
    const agent = staff(atendente);
    const other = staff(outsider);
    // The master of another account, in the same process: must never hear of this account's customers.
    await createAccount(running.database.db, {
      nome: 'Outra Loja',
      databaseName: 'outra-loja',
      master: { nome: 'Outro Master', email: 'master@outra.local', senha: 'senha-outra-123' },
    });
    const foreign = connect(`${base}/atendimento`, {
      path: '/backend/socket.io',
      auth: {
        token: (await json<{ token: string }>('POST', '/backend/api/auth/login', { email: 'master@outra.local', senha: 'senha-outra-123' }))
          .token,
      },
      transports: ['websocket'],
      forceNew: true,
    });
    sockets.push(foreign);
    foreign.onAny((event: string, ...args: unknown[]) => event !== 'ChatListPresence' && leaked.push([event, ...args]));
    const rows: TAtendimento[] = [];
    const received: TRealtimeMessage[] = [];
    agent.on('ChatListAtendimento', (r: TAtendimento) => rows.push(r));
    agent.on('ClientReceiveMessage', (m: TRealtimeMessage) => received.push(m));
    other.on('ClientReceiveMessage', (m: unknown) => leaked.push(m));
    await until(() => agent.connected && other.connected && foreign.connected);

    const refused = connect(`${base}/widget`, {
      path: '/backend/socket.io',
      auth: { canal: canal.token, visitante: session.visitante },
      transports: ['websocket'],
      extraHeaders: { origin: 'https://intruso.com' },
    });
    sockets.push(refused);
    const refusal = await new Promise<Error>((resolve) => refused.on('connect_error', resolve));
    expect(refusal.message).toBe('Este site não tem permissão para usar este chat.');
    refused.close();

    const visitor = connect(`${base}/widget`, {
      path: '/backend/socket.io',
      auth: { canal: canal.token, visitante: session.visitante },
      transports: ['websocket'],
      extraHeaders: { origin: SITE },
      reconnectionDelay: 100,
    });
    sockets.push(visitor);
    const toVisitor: TWidgetMessage[] = [];
    visitor.on('Mensagem', (m: TWidgetMessage) => toVisitor.push(m));
    await until(() => visitor.connected);
    const ack = await visitor.emitWithAck('EnviarMensagem', { clientId: 'visitante-0001', conteudo: 'Oi, preciso de ajuda' });
    expect(ack).toMatchObject({ ok: true, mensagem: { autor: 'cliente', conteudo: 'Oi, preciso de ajuda' } });

    await until(() => received.length === 1 && rows.length >= 1);
    expect(received[0]).toMatchObject({
      type: 'text',
      isAtendente: false,
      content: 'Oi, preciso de ajuda',
      origem: 'widget',
      clientId: 'visitante-0001',
      message: { source: 'widget', isDeleted: false },
    });
    const id = received[0]!.atendimentoId;
    expect(rows.at(-1)).toMatchObject({ atendimentoId: id, status: 'aguardando', mensagensNaoLidas: 1 });
    expect(rows.at(-1)!.ultimaMensagemEm).toBe(received[0]!.timestamp);
    expect(leaked).toHaveLength(0);

    // A further message of an open conversation comes without its row: the event carries what the row becomes,
    // at the row's own time.
    const rowsBefore = rows.length;
    await visitor.emitWithAck('EnviarMensagem', { clientId: 'visitante-0002', conteudo: 'Ainda aguardo' });
    await until(() => received.length === 2);
    const row = await json<TAtendimento>('GET', `/backend/api/atendimento/${id}`, undefined, { authorization: `Bearer ${atendente}` });
    expect(row).toMatchObject({ ultimaMensagem: 'Ainda aguardo', mensagensNaoLidas: 2 });
    expect(received[1]).toMatchObject({ content: 'Ainda aguardo', mensagensNaoLidas: 2, timestamp: row.ultimaMensagemEm });
    expect(rows).toHaveLength(rowsBefore);

    await json('POST', `/backend/api/atendimento/${id}/aceitar`, undefined, { authorization: `Bearer ${atendente}` });
    await until(() => rows.some((r) => r.status === 'em_atendimento'));
    const rowsAccepted = rows.length;
    const acks: TSendAck[] = [];
    const queue = new OutgoingQueue(
      (payload) => (agent.connected ? agent.timeout(2000).emitWithAck('SendWidgetMessage', payload) : Promise.reject(new Error('offline'))),
      (_clientId, a) => acks.push(a),
    );
    const enqueue = (n: number) =>
      queue.enqueue(JSON.stringify({ clientId: `agente-${String(n).padStart(4, '0')}`, atendimentoId: id, conteudo: `resposta ${n}` }));
    for (let n = 1; n <= 3; n++) enqueue(n);
    await queue.flush();
    expect(acks.filter((a) => a.ok)).toHaveLength(3);
    // An attendant's answer comes without its row too, at the row's own time.
    await until(() => received.filter((m) => m.isAtendente).length === 3);
    const answered = await json<TAtendimento>('GET', `/backend/api/atendimento/${id}`, undefined, { authorization: `Bearer ${atendente}` });
    expect(answered).toMatchObject({ ultimaMensagem: 'resposta 3' });
    expect(received.at(-1)).toMatchObject({
      content: 'resposta 3',
      isAtendente: true,
      timestamp: answered.ultimaMensagemEm,
      mensagensNaoLidas: answered.mensagensNaoLidas,
    });
    expect(rows).toHaveLength(rowsAccepted);

    await running.close();
    await until(() => !agent.connected);
    for (let n = 4; n <= 8; n++) enqueue(n);
    enqueue(2); // already stored: the queue holds it again as a retry would
    queue.enqueue(JSON.stringify({ clientId: 'agente-0002', atendimentoId: id, conteudo: 'resposta 2' }));
    await queue.flush();
    expect(queue.size).toBe(6);

    running = await startServer(env);
    await until(() => agent.connected && visitor.connected, 15_000);
    await queue.flush();
    expect(queue.size).toBe(0);

    const page = await json<{ mensagens: TWidgetMessage[] }>('GET', `/backend/api/public/widget/${canal.token}/mensagens`, undefined, {
      origin: SITE,
      'x-visitante-token': session.visitante,
    });
    const answers = page.mensagens.filter((m) => m.autor === 'atendente').map((m) => m.conteudo);
    expect(answers).toEqual([
      'resposta 1',
      'resposta 2',
      'resposta 3',
      'resposta 4',
      'resposta 5',
      'resposta 6',
      'resposta 7',
      'resposta 8',
    ]);
    await until(() => toVisitor.filter((m) => m.autor === 'atendente').length >= 8);
    const live = toVisitor.filter((m) => m.autor === 'atendente').map((m) => m.conteudo);
    expect(live).toEqual(answers);
    expect(leaked).toHaveLength(0);
  }, 60_000);

  it('refuses an event on each of the three hubs with the same { ok: false, message, code } (clients decide by code)', async () => {
    const master = await token('master@demo.local');
    const canal = await json<TCanal>(
      'POST',
      '/backend/api/canais/widget',
      { nome: 'Site das recusas', origensPermitidas: [SITE] },
      { authorization: `Bearer ${master}` },
    );
    const session = await json<TWidgetSession>('POST', `/backend/api/public/widget/${canal.token}/sessao`, {}, { origin: SITE });
    const open = (nsp: string, auth: object, extraHeaders?: Record<string, string>) => {
      const s = connect(`${base}${nsp}`, { path: '/backend/socket.io', auth, transports: ['websocket'], forceNew: true, extraHeaders });
      sockets.push(s);
      return s;
    };
    const atendimento = open('/atendimento', { token: master });
    const interno = open('/chat-interno', { token: master });
    const visitante = open('/widget', { canal: canal.token, visitante: session.visitante }, { origin: SITE });
    await until(() => atendimento.connected && interno.connected && visitante.connected);
    const shape = { ok: false, message: expect.stringMatching(/\S/), code: expect.stringMatching(/^[A-Z_]+$/) };

    const invalid = await atendimento.timeout(5000).emitWithAck('SendMessage', JSON.stringify({ clientId: 'x' }));
    expect(invalid).toEqual({ ...shape, code: 'VALIDATION' });
    const unknown = await atendimento
      .timeout(5000)
      .emitWithAck(
        'SendMessage',
        JSON.stringify({ clientId: 'recusa-0001', atendimentoId: '00000000-0000-4000-8000-000000000000', conteudo: 'oi' }),
      );
    expect(unknown).toEqual({ ...shape, code: 'NOT_FOUND' });
    expect(await interno.timeout(5000).emitWithAck('SendMessage', 'lixo')).toEqual({ ...shape, code: 'VALIDATION' });
    expect(await visitante.timeout(5000).emitWithAck('EnviarMensagem', { clientId: 'v', conteudo: '' })).toEqual({
      ...shape,
      code: 'VALIDATION',
    });
    expect(await visitante.timeout(5000).emitWithAck('IniciarConversa', { nome: 5 })).toEqual({ ...shape, code: 'VALIDATION' });
  }, 30_000);
});
