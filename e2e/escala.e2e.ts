import { createHmac, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMensagensPage } from '@balcao/shared/atendimentos';
import type { TRealtimeMessage } from '@balcao/shared/atendimentos/realtime';
import type { TCanal, TCanalWhatsApp, TIntegracoes } from '@balcao/shared/canais';
import type { TWapiSessao } from '@balcao/shared/wapi';
import type { TWidgetMessage, TWidgetSendAck, TWidgetSession } from '@balcao/shared/widget';
import { type Cluster, GRAPH_TOKEN, type Instance, PHONE_NUMBER_ID, STICKY_COOKIE, startCluster } from './support/escala';

const SITE = 'https://loja.exemplo.com.br';
const APP_SECRET = 'segredo-do-app-escala';
const PNG = readFileSync(`${import.meta.dirname}/fixtures/foto.png`);
const SERVER_PKG = JSON.parse(readFileSync(`${import.meta.dirname}/../apps/server/package.json`, 'utf8')) as {
  dependencies: Record<string, string>;
};
/** Uploads on the S3 bucket come with the AWS SDK (the storage of every upload); before that a photo stays on one disk. */
const uploadsOnS3 = '@aws-sdk/client-s3' in SERVER_PKG.dependencies;

/** Resolves with the first `event` that `accept`s, or fails after `ms`. */
const next = <T>(s: Socket, event: string, accept: (v: T) => boolean = () => true, ms = 15_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${event} não chegou em ${ms} ms`)), ms);
    const on = (v: T) => {
      if (!accept(v)) return;
      clearTimeout(timer);
      s.off(event, on);
      resolve(v);
    };
    s.on(event, on);
  });

/** Polls `check` until it answers true, or fails after `ms` naming `what`. */
const until = async (what: string, check: () => Promise<boolean>, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: não aconteceu em ${ms / 1000} s`);
};

/**
 * Two instances behind HAProxy with deploy/haproxy.cfg, on one PostgreSQL database, one Redis and one S3 bucket.
 * Each client is pinned to an instance with the proxy's stickiness cookie and goes through the proxy only; its
 * sockets start on long polling and upgrade, which works only if every request of a connection reaches one instance.
 */
describe.runIf(process.env.DATABASE_URL)('two instances behind HAProxy (deploy/haproxy.cfg)', () => {
  let cluster: Cluster;
  const sockets: Socket[] = [];
  const tokens = {} as Record<'admin' | 'master', string>;

  beforeAll(async () => {
    cluster = await startCluster(process.env.DATABASE_URL!);
    tokens.admin = await login('admin@demo.local', 'a');
    tokens.master = await login('master@demo.local', 'b');
  }, 180_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.stop();
  });

  /** A request through the proxy, pinned to an instance; fails on an error status. */
  const call = async (
    pin: Instance,
    method: string,
    url: string,
    opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ) => {
    // JSON unless given as it goes (a signed webhook's bytes, a multipart form).
    const raw = typeof opts.body === 'string' || opts.body instanceof FormData;
    const res = await fetch(`${cluster.proxyUrl}${url}`, {
      method,
      headers: {
        cookie: `${STICKY_COOKIE}=${pin}`,
        ...(opts.body !== undefined && !raw ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      ...(opts.body !== undefined ? { body: raw ? (opts.body as string | FormData) : JSON.stringify(opts.body) } : {}),
    });
    expect(res.headers.get('x-balcao-instancia'), `${method} ${url}`).toBe(pin);
    if (!res.ok) throw new Error(`${method} ${url} (${pin}): ${res.status} ${await res.text()}`);
    return res;
  };
  const json = async <T>(...args: Parameters<typeof call>) => (await (await call(...args)).json()) as T;
  async function login(email: string, pin: Instance) {
    return (await json<{ token: string }>(pin, 'POST', '/backend/api/auth/login', { body: { email, senha: 'balcao-demo' } })).token;
  }

  /** A Socket.IO client through the proxy, pinned; long polling first, then the upgrade to WebSocket (the library's default). */
  const connect = async (pin: Instance, namespace: string, auth: Record<string, string>, headers: Record<string, string> = {}) => {
    const s = io(`${cluster.proxyUrl}${namespace}`, {
      path: '/backend/socket.io',
      auth,
      extraHeaders: { cookie: `${STICKY_COOKIE}=${pin}`, ...headers },
      forceNew: true,
    });
    sockets.push(s);
    await Promise.race([next(s, 'connect'), next<Error>(s, 'connect_error').then((e) => Promise.reject(e))]);
    // The upgrade is a second HTTP request of the same connection: it must reach the same instance.
    await until('upgrade para WebSocket', async () => s.io.engine.transport.name === 'websocket', 15_000);
    return s;
  };
  const staff = (pin: Instance, token: string) => connect(pin, '/atendimento', { token });
  /** The WhatsApp Cloud number (the fake Graph API's), made through A by the first test that needs it. */
  let cloud: Promise<TCanalWhatsApp> | null = null;
  const whatsappCanal = () =>
    (cloud ??= json<TCanalWhatsApp>('a', 'POST', '/backend/api/canais/whatsapp', {
      token: tokens.admin,
      body: {
        nome: 'WhatsApp escala',
        phoneNumberId: PHONE_NUMBER_ID,
        wabaId: '102290129340398',
        accessToken: GRAPH_TOKEN,
        appSecret: APP_SECRET,
        verifyToken: 'verifica-escala',
      },
    }));
  /** A new widget channel (made through B), its visitor's socket pinned to A and the admin's staff socket pinned to B. */
  const visitorAndAttendant = async (nome: string) => {
    const canal = await json<TCanal>('b', 'POST', '/backend/api/canais/widget', {
      token: tokens.admin,
      body: { nome, origensPermitidas: [SITE] },
    });
    const { visitante } = await json<TWidgetSession>('a', 'POST', `/backend/api/public/widget/${canal.token}/sessao`, {
      body: {},
      headers: { origin: SITE },
    });
    const visitor = await connect('a', '/widget', { canal: canal.token, visitante }, { origin: SITE });
    return { visitor, attendant: await staff('b', tokens.admin) };
  };

  it.runIf(uploadsOnS3)('a profile photo uploaded on one instance is served by the other (from the bucket)', async () => {
    const inBucket = () => readdirSync(cluster.s3Dir, { recursive: true }).length;
    const before = inBucket();
    const form = new FormData();
    form.append('foto', new Blob([PNG], { type: 'image/png' }), 'foto.png');
    const { fotoUrl } = await json<{ fotoUrl: string }>('a', 'POST', '/backend/Usuario/UploadFotoPerfil', {
      token: tokens.admin,
      body: form,
    });
    expect(inBucket()).toBeGreaterThan(before);
    const path = fotoUrl.replace(/\?.*$/, '');
    const fromA = Buffer.from(await (await call('a', 'GET', path)).arrayBuffer());
    const res = await call('b', 'GET', path);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
    expect(Buffer.from(await res.arrayBuffer()).equals(fromA)).toBe(true);
  });

  it('a widget visitor on one instance and an attendant on the other talk both ways', async () => {
    const { visitor, attendant } = await visitorAndAttendant('Site escala');

    const arrived = next<TRealtimeMessage>(attendant, 'ClientReceiveMessage', (m) => m.content === 'Oi, vocês entregam no sábado?');
    const ack = (await visitor.timeout(10_000).emitWithAck('EnviarMensagem', {
      clientId: randomUUID(),
      conteudo: 'Oi, vocês entregam no sábado?',
    })) as TWidgetSendAck;
    expect(ack.ok).toBe(true);
    const { atendimentoId } = await arrived;

    await call('b', 'POST', `/backend/api/atendimento/${atendimentoId}/aceitar`, { token: tokens.admin });
    const answered = next<TWidgetMessage>(visitor, 'Mensagem', (m) => m.conteudo === 'Entregamos sim, até as 14h.');
    const sent = await attendant
      .timeout(10_000)
      .emitWithAck('SendWidgetMessage', JSON.stringify({ clientId: randomUUID(), atendimentoId, conteudo: 'Entregamos sim, até as 14h.' }));
    expect(sent).toMatchObject({ ok: true });
    expect((await answered).autor).toBe('atendente');
  });

  it('a WhatsApp Cloud webhook received by one instance reaches an attendant on the other', async () => {
    const canal = await whatsappCanal();
    const attendant = await staff('b', tokens.admin);
    const arrived = next<TRealtimeMessage>(attendant, 'ClientReceiveMessage', (m) => m.content === 'Chegou meu pedido?');
    await call(
      'a',
      'POST',
      `/backend/webhooks/whatsapp/${canal.token}`,
      signed(inbound('5511977776666', 'wamid.ESCALA-IN-1', 'Chegou meu pedido?')),
    );
    expect((await arrived).origem).toBe('whatsapp');
  });

  it('a scheduled message due on both instances at once is sent once', async () => {
    const canal = await whatsappCanal();
    const cliente = await json<{ id: string }>('b', 'POST', '/backend/api/clientes', {
      token: tokens.admin,
      body: { nome: 'Cliente agendado', numero: '+5511966665555' },
    });
    const db = new pg.Client({ connectionString: cluster.database.url });
    await db.connect();
    try {
      const admin = (
        await db.query<{ id: string; account_id: string }>("select id, account_id from users where email = 'admin@demo.local'")
      ).rows[0]!;
      // Written straight to the table to fall due in a second (the screens take whole minutes); outside a reply
      // window each goes as a template whose one variable names it.
      const schedule = (names: string[]) =>
        db.query(
          `insert into mensagens_agendadas (account_id, cliente_id, canal_id, criado_por, conteudo, data_envio, recorrencia, modelo, ativo, proximo_envio)
           select $1, $2, $3, $4, 'Lembrete ' || n, '2026-01-01T08:00', '{"tipo":"unica"}',
                  jsonb_build_object('nome', 'lembrete', 'idioma', 'pt_BR', 'variaveis', jsonb_build_array(n)), true, now() + interval '1 second'
           from unnest($5::text[]) as n`,
          [admin.account_id, cliente.id, canal.id, admin.id, names],
        );
      const named = () =>
        cluster.graph
          .sends()
          .map(
            (c) =>
              (c.body as { template?: { components?: { parameters?: { text?: string }[] }[] } }).template?.components?.[0]?.parameters?.[0]
                ?.text,
          );
      const batch = Array.from({ length: 20 }, (_, i) => `lote-${i}`);
      await schedule(batch);
      await until('os 20 agendamentos enviados', async () => batch.every((n) => named().includes(n)), 45_000);
      // A later one goes out after further passes of the schedulers: a repeat of the batch would have gone by then.
      await schedule(['sentinela']);
      await until('o agendamento sentinela enviado', async () => named().includes('sentinela'), 45_000);
      for (const n of [...batch, 'sentinela'])
        expect(
          named().filter((x) => x === n),
          n,
        ).toHaveLength(1);
      const rows = await db.query<{ envios: number }>('select envios from mensagens_agendadas');
      expect(rows.rows.map((r) => r.envios)).toEqual(rows.rows.map(() => 1));
    } finally {
      await db.end();
    }
  });

  it('an internal chat message sent on one instance is received on the other', async () => {
    const ana = await json<{ id: string }>('b', 'GET', '/backend/Usuario/GetCurrentUser', { token: tokens.admin });
    const conversa = await json<{ id: string }>('a', 'POST', '/backend/api/chat-interno/conversa', {
      token: tokens.master,
      body: { usuarios: [ana.id], departamentos: [], nome: '' },
    });
    const marta = await connect('a', '/chat-interno', { token: tokens.master });
    const anaSocket = await connect('b', '/chat-interno', { token: tokens.admin });
    const got = next<unknown>(anaSocket, 'ReceiveMessage', (m) => JSON.stringify(m).includes('De uma instância para a outra'));
    const ack = await marta.timeout(10_000).emitWithAck('SendMessage', {
      conversaId: conversa.id,
      mensagem: { id: randomUUID(), texto: 'De uma instância para a outra', tipo: 'text', midiaUrl: null },
    });
    expect(ack).not.toHaveProperty('code');
    await got;
  });

  it('Redis restarted mid-conversation: every acknowledged visitor message is kept, and messages cross again', async () => {
    const { visitor, attendant } = await visitorAndAttendant('Site Redis');
    const acked: string[] = [];
    let atendimentoId = '';
    const send = async (conteudo: string) => {
      const ack = (await visitor
        .timeout(10_000)
        .emitWithAck('EnviarMensagem', { clientId: randomUUID(), conteudo })
        .catch(() => null)) as TWidgetSendAck | null;
      if (ack?.ok) acked.push(conteudo);
    };
    const first = next<TRealtimeMessage>(attendant, 'ClientReceiveMessage', (m) => m.content === 'antes-0');
    await send('antes-0');
    atendimentoId = (await first).atendimentoId;

    // The visitor keeps writing, one message after the other, while Redis goes away and comes back.
    let writing = true;
    let n = 0;
    const writer = (async () => {
      while (writing) await send(`durante-${n++}`);
    })();
    await until('algumas mensagens antes da queda', async () => acked.length >= 5);
    await cluster.redis.halt();
    const down = acked.length;
    // Staff and visitors are still answered while Redis is away (each instance alone meanwhile).
    await until('mensagens aceitas com o Redis fora', async () => acked.length >= down + 5);
    await cluster.redis.resume();
    const back = acked.length;
    await until('mensagens aceitas depois da volta', async () => acked.length >= back + 5);
    writing = false;
    await writer;

    // Across instances again once both are back on Redis (the adapter resubscribes): a fresh message arrives on B.
    await until('uma mensagem nova atravessa de novo', async () => {
      const mark = `depois-${randomUUID()}`;
      const crossed = next<TRealtimeMessage>(attendant, 'ClientReceiveMessage', (m) => m.content === mark, 2000);
      await send(mark);
      return crossed.then(() => true);
    });

    const contents = new Set<string>();
    for (let cursor: string | null = '', page = 0; cursor !== null && page < 20; page++) {
      const stored: TMensagensPage = await json<TMensagensPage>(
        'b',
        'GET',
        `/backend/api/atendimento/${atendimentoId}/mensagens?limit=100${cursor ? `&antesDe=${cursor}` : ''}`,
        { token: tokens.admin },
      );
      for (const m of stored.mensagens) contents.add(m.conteudo);
      cursor = stored.cursor;
    }
    expect(acked.filter((c) => !contents.has(c))).toEqual([]);
    expect(acked.length).toBeGreaterThan(15);
    console.log(`Redis reiniciado: ${acked.length} mensagens confirmadas, todas guardadas`);
  });

  it('WhatsApp Web: one instance holds the number; killed with kill -9, the other takes it over within 30 s', {
    timeout: 180_000,
  }, async () => {
    // Both instances again with a fake WhatsApp Web socket (the test entry): no network.
    await cluster.replace('a', { wapiFake: true });
    await cluster.replace('b', { wapiFake: true });
    const { userId } = await json<TIntegracoes>('a', 'GET', '/backend/Integracoes/get', { token: tokens.master });
    const api = (p: string) => `/backend/wapi/clients/${userId}/${p}`;
    const fake = async <T>(i: Instance, method: string, p: string, body?: object) => {
      const res = await fetch(`${cluster.servers[i].baseUrl}/backend/wapi-teste/${p}`, {
        method,
        ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
      });
      expect(res.ok, `${method} ${p} em ${i}`).toBe(true);
      return (await res.json()) as T;
    };
    const opened = async (i: Instance) => (await fake<{ abertos: number }>(i, 'GET', 'sockets')).abertos;

    // 'Conectar' served by A: A claims the number and shows the QR; the phone scans it.
    await call('a', 'POST', api('conectar'), { token: tokens.master });
    await until('o socket de A', async () => (await opened('a')) > 0);
    await fake('a', 'POST', 'escanear');
    await until(
      'conectado, visto por B',
      async () => (await json<TWapiSessao>('b', 'GET', api('qr'), { token: tokens.master })).estado === 'conectado',
    );
    expect(await opened('b')).toBe(0);

    const killed = Date.now();
    await cluster.servers.a.crash();
    await until('B abre o número com o pareamento guardado', async () => (await opened('b')) > 0, 30_000);
    const tookOver = Date.now() - killed;
    expect(tookOver).toBeLessThanOrEqual(30_000);
    console.log(`WhatsApp Web: B assumiu o número ${(tookOver / 1000).toFixed(1)} s depois do kill -9 de A`);
    await fake('b', 'POST', 'abrir');
    // A customer writes to the number, now on B: it reaches staff through the proxy (A is down, the pin moves to B).
    const attendant = await staff('b', tokens.admin);
    const arrived = next<TRealtimeMessage>(attendant, 'ClientReceiveMessage', (m) => m.content === 'Ainda estão atendendo?');
    await fake('b', 'POST', 'mensagem', { texto: 'Ainda estão atendendo?' });
    await arrived;
  });

  /** A customer's text as Meta delivers it to the number's webhook. */
  function inbound(from: string, wamid: string, text: string) {
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '551140001234', phone_number_id: PHONE_NUMBER_ID },
                contacts: [{ profile: { name: 'Cliente Escala' }, wa_id: from }],
                messages: [{ from, id: wamid, timestamp: String(Math.floor(Date.now() / 1000)), text: { body: text }, type: 'text' }],
              },
            },
          ],
        },
      ],
    });
  }
  function signed(body: string) {
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`,
      },
    };
  }
});
