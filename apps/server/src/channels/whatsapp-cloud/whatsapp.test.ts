import { createHmac, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TAtendimento, TConversasPage, TMensagem, TMensagensPage } from '@balcao/shared/atendimentos';
import { WHATSAPP_TEXTS, type TCanalWhatsApp, type TIntegracoes } from '@balcao/shared/canais';
import { mensagemDoEvento, type TRealtimeMessage } from '@balcao/shared/atendimentos/realtime';
import type { AppContext } from '../../context';
import { presentRealtimeMessage } from '../../modules/atendimentos/presenter';
import { atendimentos, clientes, mensagens } from '../../db/schema/atendimentos';
import { whatsappEventos } from '../../db/schema/whatsapp';
import { FakeGraph, waVector, waVectorBytes } from '../../test/fake-graph';
import { login, makeAccount } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { createChannels, whatsappOf } from '../registry';
import { storeEvent, validSignature } from './webhook';

const SECRET = 'TEST_APP_SECRET';
const TOKEN = 'EAAJBtest-access-token-0123456789';
const PNID = '1122334455667';
const sign = (raw: Buffer, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
type Vec = { entry: { changes: { value: { messages?: Record<string, unknown>[]; statuses?: Record<string, unknown>[] } }[] }[] };
/** A vector's first message or status with some fields changed (an id we hold, a timestamp inside the window). */
function variant(name: string, change: (item: Record<string, unknown>) => void): Buffer {
  const v = waVector<Vec>(name);
  const value = v.entry[0]!.changes[0]!.value;
  change((value.messages ?? value.statuses)![0]!);
  return Buffer.from(JSON.stringify(v));
}
const now = () => String(Math.floor(Date.now() / 1000));
/** An edit or a deletion by the author of the vectors' text (the vectors' own come from other numbers). */
const byTextAuthor = (name: string) => variant(name, (m) => Object.assign(m, { from: '972987654321' }));
/** The same bytes, for another number (metadata.phone_number_id). */
const forNumber = (raw: Buffer, pnid: string) =>
  Buffer.from(raw.toString('utf8').replace(/("phone_number_id"\s*:\s*)"[^"]*"/g, `$1"${pnid}"`));

describe.each(DB_KINDS)('WhatsApp Cloud API channel on %s', (kind) => {
  let t: TestApp;
  let graph: FakeGraph;

  beforeAll(async () => {
    graph = await new FakeGraph(TOKEN, PNID).start();
    t = await createTestApp(kind, { whatsapp: { graphUrl: graph.baseUrl, graphVersion: 'v23.0' } });
  });
  afterAll(async () => {
    await whatsappOf(t.ctx).idle();
    await t.close();
    await graph.stop();
  });

  const idle = () => whatsappOf(t.ctx).idle();
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  /** A new process on the same database: its WhatsApp driver starts (resuming what was left), settles and stops. */
  async function startAnotherProcess() {
    const restarted: AppContext = { ...t.ctx, channels: undefined, publish: undefined };
    restarted.channels = createChannels(restarted);
    const quiet = { warn: () => undefined, error: () => undefined, info: () => undefined };
    await whatsappOf(restarted).start(quiet);
    await restarted.channels.outbox.start(quiet);
    await whatsappOf(restarted).idle();
    await restarted.channels.outbox.stop();
    await whatsappOf(restarted).stop();
  }

  /** A fresh account with a WhatsApp channel (vectors reuse wamids: one account each keeps them apart). */
  async function setup() {
    const acc = await makeAccount(t.ctx.db);
    const master = await login(t.app, acc.master.email);
    const pnid = graph.newNumber();
    const res = await inject('POST', '/backend/api/canais/whatsapp', master.auth, {
      nome: 'WhatsApp Loja',
      phoneNumberId: pnid,
      wabaId: '1234567890987654321',
      accessToken: TOKEN,
      appSecret: SECRET,
      verifyToken: 'vibecoding',
    });
    expect(res.statusCode).toBe(201);
    const canal = res.json() as TCanalWhatsApp;
    await idle();
    const hook = `/backend/webhooks/whatsapp/${canal.token}`;
    /** A delivery as Meta sends it for this channel's number (the vectors' own number unless signed as they are). */
    const send = (given: Buffer, sig?: string) => {
      const raw = sig === undefined ? forNumber(given, pnid) : given;
      return t.app.inject({
        method: 'POST',
        url: hook,
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': sig ?? sign(raw) },
      });
    };
    const deliver = async (raw: Buffer) => {
      const r = await send(raw);
      expect(r.statusCode).toBe(200);
      await idle();
    };
    const conversa = async () => {
      for (const status of ['aguardando', 'em_atendimento'])
        for (const item of (
          (await inject('GET', `/backend/api/atendimento/conversas?status=${status}`, master.auth)).json() as TConversasPage
        ).itens)
          return item;
      return null;
    };
    const mensagens = async (id: string) =>
      ((await inject('GET', `/backend/api/atendimento/${id}/mensagens`, master.auth)).json() as TMensagensPage).mensagens;
    const last = async () => {
      const c = await conversa();
      const ms = c ? await mensagens(c.atendimentoId) : [];
      return { conversa: c, mensagens: ms, ultima: ms[ms.length - 1] };
    };
    return { acc, master, canal, pnid, hook, raw: res.body, send, deliver, conversa, mensagens, last };
  }

  /** A fresh account whose customer just wrote, the conversation accepted by its master and its notice sent. */
  async function accepted() {
    const s = await setup();
    await s.deliver(variant('incoming_text.json', (m) => Object.assign(m, { timestamp: now() })));
    const c = (await s.conversa())!;
    await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/aceitar`, s.master.auth);
    await idle();
    return { s, c };
  }

  it('creates a channel without answering its secrets, verifies Meta, tests the connection and reports Integracoes/get', async () => {
    const s = await setup();
    expect(s.canal.webhookUrl.endsWith(`/backend/webhooks/whatsapp/${s.canal.token}`)).toBe(true);
    expect(s.raw).not.toContain(TOKEN);
    expect(s.raw).not.toContain(SECRET);
    const v = waVector<{ exampleValues: Record<string, string> }>('webhook_verification_get.json').exampleValues;
    const ok = await t.app.inject({
      method: 'GET',
      url: `${s.hook}?hub.mode=subscribe&hub.challenge=${v['hub.challenge']}&hub.verify_token=${v['hub.verify_token']}`,
    });
    expect([ok.statusCode, ok.body]).toEqual([200, v['hub.challenge']]);
    const wrong = await t.app.inject({ method: 'GET', url: `${s.hook}?hub.mode=subscribe&hub.challenge=1&hub.verify_token=outro` });
    expect(wrong.statusCode).toBe(403);

    const teste = await inject('POST', `/backend/api/canais/${s.canal.id}/testar`, s.master.auth);
    expect(teste.json()).toEqual({ ok: true, numero: '+55 11 99999-0000', nomeVerificado: 'Loja Teste' });
    const integ = (await inject('GET', '/backend/Integracoes/get', s.master.auth)).json() as TIntegracoes;
    expect(integ).toEqual({
      configWhatsApp: { conectado: true, ativo: true },
      configWAPI: { conectado: false, ativo: false },
      userId: s.acc.account.id,
    });

    // Paused: connected but not active. A new (wrong) token: Meta's 190 in Portuguese, not connected.
    const body = { nome: 'WhatsApp Loja', phoneNumberId: s.pnid, wabaId: '1234567890987654321', verifyToken: 'vibecoding', ativo: false };
    const put = await inject('PUT', `/backend/api/canais/${s.canal.id}`, s.master.auth, body);
    expect(put.statusCode).toBe(200);
    expect(put.body).not.toContain(TOKEN);
    expect(((await inject('GET', '/backend/Integracoes/get', s.master.auth)).json() as TIntegracoes).configWhatsApp).toEqual({
      conectado: true,
      ativo: false,
    });
    await inject('PUT', `/backend/api/canais/${s.canal.id}`, s.master.auth, {
      ...body,
      ativo: true,
      accessToken: 'EAA-um-token-que-o-meta-nao-conhece',
    });
    const falha = (await inject('POST', `/backend/api/canais/${s.canal.id}/testar`, s.master.auth)).json() as { ok: boolean; erro: string };
    expect(falha).toEqual({ ok: false, erro: 'O token de acesso do Meta é inválido ou expirou: gere um novo e salve o canal.' });
    expect(((await inject('GET', '/backend/Integracoes/get', s.master.auth)).json() as TIntegracoes).configWhatsApp.conectado).toBe(false);
  });

  it('checks X-Hub-Signature-256 over the raw bytes: the vectors match, a wrong one is 401 and stores nothing', async () => {
    const sig = waVector<{ vectors: { appSecret: string; rawBody?: string; rawBodyFile?: string; header: string; expected?: string }[] }>(
      'signature_vectors.json',
    ).vectors;
    for (const v of sig) {
      const raw = v.rawBodyFile ? waVectorBytes(v.rawBodyFile) : Buffer.from(v.rawBody!);
      expect(validSignature(raw, v.header, v.appSecret)).toBe(v.expected === undefined);
    }
    const s = await setup();
    const raw = waVectorBytes('incoming_text.json');
    for (const bad of [`sha256=${'0'.repeat(64)}`, sign(raw, 'outro-segredo'), '']) expect((await s.send(raw, bad)).statusCode).toBe(401);
    const [{ n } = { n: -1 }] = await t.ctx.db.select({ n: count() }).from(whatsappEventos).where(eq(whatsappEventos.canalId, s.canal.id));
    expect(n).toBe(0);
    expect(await s.conversa()).toBeNull();
    // The published header of incoming_text.json, over its exact bytes.
    const given = sig.find((v) => v.rawBodyFile === 'incoming_text.json')!.header;
    expect((await s.send(raw, given)).statusCode).toBe(200);

    // The channel is kept in memory between deliveries (kept-canais.ts); a new app secret counts at once.
    const novo = 'NOVO_APP_SECRET';
    const put = await inject('PUT', `/backend/api/canais/${s.canal.id}`, s.master.auth, {
      nome: 'WhatsApp Loja',
      phoneNumberId: s.pnid,
      wabaId: '1234567890987654321',
      verifyToken: 'vibecoding',
      ativo: true,
      appSecret: novo,
    });
    expect(put.statusCode).toBe(200);
    const next = variant('incoming_text.json', (m) => Object.assign(m, { id: 'wamid.segredo-novo', timestamp: now() }));
    expect((await s.send(next, sign(next))).statusCode).toBe(401);
    expect((await s.send(next, sign(next, novo))).statusCode).toBe(200);
    expect((await s.send(next, sign(next))).statusCode).toBe(401);
    // Removed: its webhook URL is gone at once.
    expect((await t.app.inject({ method: 'DELETE', url: `/backend/api/canais/${s.canal.id}`, headers: s.master.auth })).statusCode).toBe(
      204,
    );
    expect((await s.send(next, sign(next, novo))).statusCode).toBe(404);
  });

  it('stores the same delivery once and each wamid once; a conversation appears with the customer', async () => {
    const s = await setup();
    const raw = waVectorBytes('incoming_text.json');
    await s.deliver(raw);
    await s.deliver(raw);
    await s.deliver(Buffer.from(JSON.stringify(JSON.parse(raw.toString())))); // re-serialized: another body, same wamid
    const [{ n } = { n: -1 }] = await t.ctx.db.select({ n: count() }).from(whatsappEventos).where(eq(whatsappEventos.canalId, s.canal.id));
    expect(n).toBe(2);
    const { conversa, mensagens } = await s.last();
    expect(conversa).toMatchObject({ origem: 'whatsapp', clienteNome: 'Test Name', numero: '+972987654321', status: 'aguardando' });
    expect(mensagens.map((m) => m.conteudo)).toEqual(['Body Text']);
  });

  const cases: [string, (m: TMensagem) => void][] = [
    ['incoming_text.json', (m) => expect(m).toMatchObject({ tipo: 'text', conteudo: 'Body Text', autor: 'cliente' })],
    [
      'incoming_document.json',
      (m) =>
        expect(m).toMatchObject({
          tipo: 'document',
          conteudo: 'caption',
          midia: { filename: 'filename.pdf', mimeType: 'application/pdf' },
        }),
    ],
    ['incoming_image.json', (m) => expect(m).toMatchObject({ tipo: 'image', conteudo: '', midia: { mimeType: 'image/jpeg' } })],
    ['incoming_image_with_url.json', (m) => expect(m).toMatchObject({ tipo: 'image', midia: { mimeType: 'image/jpeg' } })],
    [
      'incoming_location.json',
      (m) =>
        expect(m).toMatchObject({
          tipo: 'location',
          conteudo:
            'Facebook HQ — 1 Hacker Way, Menlo Park, CA 94025\nhttps://www.google.com/maps/search/?api=1&query=37.4611978,-122.2164385',
          localizacao: { latitude: 37.4611978, longitude: -122.2164385, nome: 'Facebook HQ — 1 Hacker Way, Menlo Park, CA 94025' },
        }),
    ],
    [
      'incoming_location_current.json',
      (m) => expect(m).toMatchObject({ tipo: 'location', conteudo: 'https://www.google.com/maps/search/?api=1&query=12.25089,43.90539' }),
    ],
    [
      'incoming_contacts.json',
      (m) => expect(m.conteudo).toBe('👤 Chandler Bing: +1 555-555-5555\n👤 Monica: +1 666-666-6666\n👤 Rachel Green: +1 777-777-7777'),
    ],
    ['incoming_interactive_button_reply.json', (m) => expect(m).toMatchObject({ tipo: 'text', conteudo: 'title' })],
    ['incoming_interactive_list_reply.json', (m) => expect(m).toMatchObject({ tipo: 'text', conteudo: 'title\ndescription' })],
    ['incoming_button_quick_reply.json', (m) => expect(m).toMatchObject({ tipo: 'text', conteudo: 'title' })],
    ['incoming_reaction.json', (m) => expect(m).toMatchObject({ tipo: 'reaction', conteudo: '😮', apagada: false })],
    [
      'incoming_unsupported.json',
      (m) =>
        expect(m).toMatchObject({
          autor: 'sistema',
          conteudo: WHATSAPP_TEXTS.naoSuportada,
        }),
    ],
  ];
  it.each(cases)('turns %s into the right message', async (file, check) => {
    const s = await setup();
    const seen = graph.calls.length;
    await s.deliver(waVectorBytes(file));
    const { ultima } = await s.last();
    check(ultima!);
    if (ultima!.midia) {
      expect(ultima!.midia.url).toMatch(/^\/backend\/uploads\/anexos\/[0-9a-f]{32}\.(jpg|pdf)$/);
      expect(existsSync(path.join(t.uploadsDir, 'anexos', path.basename(ultima!.midia.url)))).toBe(true);
      const mediaId = (waVector<Vec>(file).entry[0]!.changes[0]!.value.messages![0]![ultima!.tipo] as { id: string }).id;
      const asked = graph.calls.slice(seen).filter((c) => c.path === `/v23.0/${mediaId}` || c.path === `/media/${mediaId}`);
      expect(asked.map((c) => c.auth)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
    }
  });

  it("keeps shared contacts' phones, e-mails and organisation as cards, over HTTP and in the realtime event", async () => {
    const s = await setup();
    await s.deliver(
      variant('incoming_contacts.json', (m) => {
        const [, monica] = m.contacts as Record<string, unknown>[];
        Object.assign(monica!, {
          emails: [{ email: 'monica@centralperk.com', type: 'WORK' }, { email: ' ' }],
          org: { company: 'Central Perk', title: 'Chef' },
        });
      }),
    );
    const { conversa, ultima } = await s.last();
    expect(ultima).toMatchObject({ tipo: 'text', conteudo: expect.stringContaining('👤 Monica: +1 666-666-6666') });
    expect(ultima!.contatos).toEqual([
      { nome: 'Chandler Bing', telefones: [{ numero: '+1 555-555-5555', tipo: 'CELL' }], emails: [], organizacao: null },
      {
        nome: 'Monica',
        telefones: [{ numero: '+1 666-666-6666', tipo: 'HOME' }],
        emails: [{ email: 'monica@centralperk.com', tipo: 'WORK' }],
        organizacao: { empresa: 'Central Perk', departamento: null, cargo: 'Chef' },
      },
      { nome: 'Rachel Green', telefones: [{ numero: '+1 777-777-7777', tipo: 'WORK' }], emails: [], organizacao: null },
    ]);
    // The screen rebuilds the message from its event with the same cards.
    expect(mensagemDoEvento(presentRealtimeMessage(ultima!, conversa!, null))).toEqual(ultima);
  });

  it('quotes the message replied to, removes reactions (emoji omitted or empty), applies edits and revokes', async () => {
    const s = await setup();
    // The business message being replied to, held here under its wamid.
    await s.deliver(variant('incoming_text.json', (m) => Object.assign(m, { id: 'wamid.xyzxyz==', text: { body: 'original' } })));
    await s.deliver(waVectorBytes('incoming_text_reply_with_context.json'));
    const reply = (await s.last()).ultima!;
    expect(reply).toMatchObject({ conteudo: 'replied text', respondendoA: { conteudo: 'original' } });

    for (const removal of ['incoming_reaction_removed_no_emoji.json', 'incoming_reaction_removed_empty_emoji.json']) {
      const r = await setup();
      await r.deliver(waVectorBytes('incoming_reaction.json'));
      await r.deliver(waVectorBytes(removal));
      const { mensagens } = await r.last();
      expect(mensagens.filter((m) => m.tipo === 'reaction').map((m) => m.apagada)).toEqual([true]);
    }

    const edit = waVector<{ entry: { changes: { value: { messages: { edit: { original_message_id: string } }[] } }[] }[] }>(
      'incoming_edit.json',
    ).entry[0]!.changes[0]!.value.messages[0]!.edit.original_message_id;
    await s.deliver(variant('incoming_text.json', (m) => Object.assign(m, { id: edit, text: { body: 'legenda antiga' } })));
    await s.deliver(byTextAuthor('incoming_edit.json'));
    await s.deliver(
      variant('incoming_text.json', (m) => Object.assign(m, { id: '<ORIGINAL_WHATSAPP_MESSAGE_ID>', text: { body: 'apagar' } })),
    );
    await s.deliver(byTextAuthor('incoming_revoke.json'));
    const { mensagens } = await s.last();
    expect(mensagens.find((m) => m.conteudo === 'Updated image caption')).toMatchObject({ editada: true });
    expect(mensagens.at(-1)).toMatchObject({ apagada: true, conteudo: '' });
  });

  it('shows webhook-level errors to admins in Portuguese', async () => {
    const s = await setup();
    await s.deliver(waVectorBytes('webhook_errors_rate_limit.json'));
    const [canal] = (await inject('GET', '/backend/api/canais/whatsapp', s.master.auth)).json() as TCanalWhatsApp[];
    expect(canal!.ultimoErroWebhook).toBe('Limite de envios deste número atingido; o envio será tentado de novo em instantes.');
  });

  it('sends answers in Meta’s shape from a queue: once per clientId, statuses only forward, failures in Portuguese, resend', async () => {
    const s = await setup();
    await s.deliver(variant('incoming_text.json', (m) => Object.assign(m, { timestamp: now() })));
    const c = (await s.conversa())!;
    expect((await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/aceitar`, s.master.auth)).statusCode).toBe(200);
    const before = graph.sends().length;
    const enviar = (clientId: string, extra: object = {}) =>
      inject('POST', `/backend/api/atendimento/${c.atendimentoId}/mensagens`, s.master.auth, {
        clientId,
        atendimentoId: c.atendimentoId,
        conteudo: 'Olá! Como posso ajudar?',
        ...extra,
      });
    const first = await enviar('wa-test-0001');
    expect(first.statusCode).toBe(201);
    expect((first.json() as TMensagem).status).toBe('pending');
    expect((await enviar('wa-test-0001')).statusCode).toBe(200);
    await idle();
    const texts = graph
      .sends()
      .slice(before)
      .filter((x) => (x.body?.text as { body?: string })?.body === 'Olá! Como posso ajudar?');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.auth).toBe(`Bearer ${TOKEN}`);
    expect(texts[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '972987654321',
      type: 'text',
      text: { preview_url: false, body: 'Olá! Como posso ajudar?' },
    });
    // The accept notice went to the customer too, as on the widget.
    expect(
      graph
        .sends()
        .slice(before)
        .some((x) => String((x.body?.text as { body?: string })?.body).includes('iniciou o atendimento')),
    ).toBe(true);
    const sent = (await s.mensagens(c.atendimentoId)).find((m) => m.clientId === 'wa-test-0001')!;
    expect(sent.status).toBe('sent');
    const wamid = graph.wamid(graph.sends().indexOf(texts[0]!) + 1);

    const status = async (file: string) => {
      await s.deliver(variant(file, (st) => Object.assign(st, { id: wamid })));
      return (await s.mensagens(c.atendimentoId)).find((m) => m.id === sent.id)!;
    };
    expect((await status('status_read.json')).status).toBe('read');
    expect((await status('status_delivered.json')).status).toBe('read'); // late: never backwards
    expect((await status('status_sent.json')).status).toBe('read');

    // A reply to the customer's message and a reaction to it: context and reaction.message_id are its wamid.
    const cliente = (await s.mensagens(c.atendimentoId)).find((m) => m.autor === 'cliente')!;
    await enviar('wa-test-0002', { conteudo: 'respondendo', respondendoA: cliente.id });
    await enviar('wa-test-0003', { tipo: 'reaction', conteudo: '😀', reagindoA: cliente.id });
    await idle();
    const tail = graph
      .sends()
      .slice(-2)
      .map((x) => x.body);
    expect(tail[0]).toMatchObject({ type: 'text', context: { message_id: 'wamid.xyzxyz' }, text: { body: 'respondendo' } });
    expect(tail[1]).toMatchObject({ type: 'reaction', reaction: { message_id: 'wamid.xyzxyz', emoji: '😀' } });

    // Meta's rate limits are retried with back-off: the number's throughput (130429), the pair limit (131056: too
    // many messages to this one customer, twice in a row) and a 5xx (an outage on their side). Another error fails
    // with Meta's reason, and a resend sends it.
    const retried = async (clientId: string, conteudo: string, failures: number) => {
      await enviar(clientId, { conteudo });
      await vi.waitFor(
        () => expect(graph.sends().filter((x) => (x.body?.text as { body?: string })?.body === conteudo)).toHaveLength(failures + 1),
        { timeout: 15_000, interval: 100 },
      );
      await idle();
      expect((await s.mensagens(c.atendimentoId)).find((m) => m.clientId === clientId)!.status).toBe('sent');
    };
    graph.failNext(1);
    await retried('wa-test-0004', 'depois do limite', 1);
    graph.failNext(2, 400, {
      error: { message: '(#131056) (Business Account, Consumer Account) pair rate limit hit', type: 'OAuthException', code: 131056 },
    });
    await retried('wa-test-0024', 'depois do limite do par', 2);
    graph.failNext(1, 503, { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2 } });
    await retried('wa-test-0014', 'depois da queda', 1);
    graph.failNext(1, 400, {
      error: { message: 'Message undeliverable', type: 'OAuthException', code: 131026, error_data: { details: 'x' } },
    });
    await enviar('wa-test-0005', { conteudo: 'sem entrega' });
    await idle();
    const failed = (await s.mensagens(c.atendimentoId)).find((m) => m.clientId === 'wa-test-0005')!;
    expect(failed).toMatchObject({
      status: 'failed',
      erroEnvio: 'Mensagem não entregue: o número pode não ter WhatsApp ou estar com uma versão antiga.',
    });
    const again = await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/mensagens/${failed.id}/reenviar`, s.master.auth);
    expect(again.statusCode).toBe(200);
    await idle();
    expect((await s.mensagens(c.atendimentoId)).find((m) => m.id === failed.id)!.status).toBe('sent');

    // Meta's 'failed' status on a sent message: the reason in Portuguese.
    const other = (await s.mensagens(c.atendimentoId)).find((m) => m.clientId === 'wa-test-0002')!;
    const otherWamid = graph.wamid(graph.sends().findIndex((x) => (x.body?.text as { body?: string })?.body === 'respondendo') + 1);
    await s.deliver(variant('status_failed.json', (st) => Object.assign(st, { id: otherWamid })));
    expect((await s.mensagens(c.atendimentoId)).find((m) => m.id === other.id)).toMatchObject({
      status: 'failed',
      erroEnvio: 'O número do cliente faz parte de um experimento do Meta; a mensagem não foi entregue.',
    });

    // Finishing sends the finish notice and the rating link (with its token) to the customer's WhatsApp.
    const n = graph.sends().length;
    expect((await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/finalizar`, s.master.auth)).statusCode).toBe(200);
    await idle();
    const bodies = graph
      .sends()
      .slice(n)
      .map((x) => String((x.body?.text as { body?: string } | undefined)?.body));
    expect(bodies[0]).toMatch(/^Atendimento finalizado por /);
    expect(bodies[1]).toMatch(
      new RegExp(
        `^Como foi o seu atendimento\\? Avalie por aqui: http://balcao\\.test/avaliar/${s.acc.account.databaseName}/${c.atendimentoId}#token=`,
      ),
    );
  });

  it('sends Meta’s published example bodies as they are (text with a link, reaction) and the transfer notice', async () => {
    const s = await setup();
    const textVec = waVector<{ body: { text: { body: string } } & Record<string, unknown> }>('send_text_request.json').body;
    const reactionVec = waVector<{ body: { reaction: { message_id: string; emoji: string } } & Record<string, unknown> }>(
      'send_reaction_request.json',
    ).body;
    // The customer's message carries the wamid the reaction example points at.
    await s.deliver(variant('incoming_text.json', (m) => Object.assign(m, { id: reactionVec.reaction.message_id, timestamp: now() })));
    const c = (await s.conversa())!;
    await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/aceitar`, s.master.auth);
    const cliente = (await s.mensagens(c.atendimentoId)).find((m) => m.autor === 'cliente')!;
    const post = (clientId: string, extra: object) =>
      inject('POST', `/backend/api/atendimento/${c.atendimentoId}/mensagens`, s.master.auth, {
        clientId,
        atendimentoId: c.atendimentoId,
        ...extra,
      });
    expect((await post('wa-vetor-0001', { conteudo: textVec.text.body })).statusCode).toBe(201);
    await idle();
    expect(graph.sends().at(-1)!.body).toEqual({ ...textVec, to: '972987654321' });
    expect(
      (await post('wa-vetor-0002', { tipo: 'reaction', conteudo: reactionVec.reaction.emoji, reagindoA: cliente.id })).statusCode,
    ).toBe(201);
    await idle();
    expect(graph.sends().at(-1)!.body).toEqual({ ...reactionVec, to: '972987654321' });

    const dep = await s.acc.addDepartamento('Suporte');
    const n = graph.sends().length;
    const moved = await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/transferir`, s.master.auth, {
      departamentoId: dep.id,
    });
    expect(moved.statusCode).toBe(200);
    await idle();
    const told = graph
      .sends()
      .slice(n)
      .map((x) => (x.body?.text as { body?: string } | undefined)?.body);
    expect(told).toEqual([`Atendimento transferido para o departamento Suporte por ${s.acc.master.nome}.`]);
  });

  it('never sends one message twice on its own: a send cut after reaching Meta fails for the attendant to check, and so does one a crash interrupted', async () => {
    const s = await setup();
    await s.deliver(variant('incoming_text.json', (m) => Object.assign(m, { timestamp: now() })));
    const c = (await s.conversa())!;
    await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/aceitar`, s.master.auth);
    await idle();
    const texto = (body: string) => graph.sends().filter((x) => (x.body?.text as { body?: string })?.body === body);
    graph.dropNext(1);
    const r = await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/mensagens`, s.master.auth, {
      clientId: 'wa-corte-0001',
      atendimentoId: c.atendimentoId,
      conteudo: 'chegou?',
    });
    expect(r.statusCode).toBe(201);
    await idle();
    const cut = (await s.mensagens(c.atendimentoId)).find((m) => m.clientId === 'wa-corte-0001')!;
    expect(cut).toMatchObject({
      status: 'failed',
      erroEnvio:
        'Erro do WhatsApp: sem resposta do Meta; a mensagem pode ter chegado ao cliente. Confira no WhatsApp do cliente e reenvie se necessário.',
    });
    expect(texto('chegou?')).toHaveLength(1);
    // The attendant decides: 'Reenviar' sends it again.
    expect(
      (await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/mensagens/${cut.id}/reenviar`, s.master.auth)).statusCode,
    ).toBe(200);
    await idle();
    expect(texto('chegou?')).toHaveLength(2);

    // A claim left without an outcome by a process that died mid-call: failed at the next start, not sent.
    await t.ctx.db
      .update(mensagens)
      .set({ status: 'pending', externalId: null, enviandoEm: new Date(Date.now() - 3 * 60_000) })
      .where(eq(mensagens.id, cut.id));
    await startAnotherProcess();
    expect((await s.mensagens(c.atendimentoId)).find((m) => m.id === cut.id)).toMatchObject({
      status: 'failed',
      erroEnvio: 'O envio foi interrompido (o servidor reiniciou durante o envio). Confira no WhatsApp do cliente e reenvie se necessário.',
    });
    expect(texto('chegou?')).toHaveLength(2);
  });

  it('sends to several conversations at once, each conversation in its order', async () => {
    const s = await setup();
    const numeros = ['5511900000001', '5511900000002'];
    for (const [k, from] of numeros.entries())
      await s.deliver(variant('incoming_text.json', (m) => Object.assign(m, { from, id: `wamid.faixa${k}`, timestamp: now() })));
    const fila = (await inject('GET', '/backend/api/atendimento/conversas?status=aguardando', s.master.auth)).json() as TConversasPage;
    const ids = fila.itens.map((i) => i.atendimentoId);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect((await inject('POST', `/backend/api/atendimento/${id}/aceitar`, s.master.auth)).statusCode).toBe(200);
    await idle();
    const before = graph.sends().length;
    const enviar = async (id: string, n: number) => {
      const r = await inject('POST', `/backend/api/atendimento/${id}/mensagens`, s.master.auth, {
        clientId: `faixa-000${n}`,
        atendimentoId: id,
        conteudo: `parte ${n}`,
      });
      expect(r.statusCode).toBe(201);
    };
    // A slow Meta: the first send waits while the others are stored, so a pass holds both conversations.
    const release = graph.hold();
    graph.maxInFlight = 0;
    graph.sendDelayMs = 20;
    try {
      for (let n = 1; n <= 4; n++) for (const id of ids) await enviar(id, n);
    } finally {
      release();
    }
    await idle();
    graph.sendDelayMs = 0;
    expect(graph.maxInFlight).toBeGreaterThanOrEqual(2);
    const sent = graph.sends().slice(before);
    for (const from of numeros)
      expect(
        sent.filter((x) => x.body?.to === from).map((x) => /parte \d$/.exec(String((x.body?.text as { body?: string })?.body))?.[0]),
      ).toEqual(['parte 1', 'parte 2', 'parte 3', 'parte 4']);
  });

  it('tells the attendants live: reaction, removal (deleted), edit (edited), revoke (deleted) and status updates; media goes out by id', async () => {
    const s = await setup();
    const told: TRealtimeMessage['type'][] = [];
    const statuses: string[] = [];
    const audiences: unknown[] = [];
    const real = t.ctx.publish!.atendimentos;
    t.ctx.publish = {
      ...t.ctx.publish!,
      atendimentos: {
        ...real,
        row: () => undefined,
        presence: () => undefined,
        visitorState: (row, url) => real.visitorState(row, url),
        agentTyping: () => undefined,
        messages: (accountId, row, msgs, masterId, opts) => {
          for (const m of msgs) told.push(presentRealtimeMessage(m, row, masterId).type);
          real.messages(accountId, row, msgs, masterId, opts);
        },
        status: (_a, row, u) => {
          statuses.push(u.status);
          if (u.status === 'sent') audiences.push({ atendenteId: row.atendenteId, status: row.status, departamentoId: row.departamentoId });
        },
      },
    };
    try {
      // Not the vectors' shared wamid.xyzxyz: the reaction below reuses it as its own id.
      await s.deliver(variant('incoming_text.json', (m) => Object.assign(m, { id: 'wamid.PRIMEIRA', timestamp: now() })));
      await s.deliver(waVectorBytes('incoming_reaction.json'));
      await s.deliver(waVectorBytes('incoming_reaction_removed_no_emoji.json'));
      const edit = 'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=';
      await s.deliver(variant('incoming_text.json', (m) => Object.assign(m, { id: edit, timestamp: now() })));
      await s.deliver(byTextAuthor('incoming_edit.json'));
      await s.deliver(variant('incoming_text.json', (m) => Object.assign(m, { id: '<ORIGINAL_WHATSAPP_MESSAGE_ID>', timestamp: now() })));
      await s.deliver(byTextAuthor('incoming_revoke.json'));
      expect(told).toEqual(['text', 'reaction', 'deleted', 'text', 'edited', 'text', 'deleted']);

      const c = (await s.conversa())!;
      await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/aceitar`, s.master.auth);
      await idle();
      const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a7' } })
        .jpeg()
        .toBuffer();
      const anexos = path.join(t.uploadsDir, 'anexos', s.acc.account.id);
      await mkdir(anexos, { recursive: true });
      await writeFile(path.join(anexos, '0123456789abcdef0123456789abcdef.jpg'), jpeg);
      const n = graph.sends().length;
      const r = await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/mensagens`, s.master.auth, {
        clientId: 'wa-midia-0001',
        atendimentoId: c.atendimentoId,
        tipo: 'image',
        conteudo: 'The best succulent ever?',
        midia: {
          url: `/backend/uploads/anexos/${s.acc.account.id}/0123456789abcdef0123456789abcdef.jpg`,
          mimeType: 'image/jpeg',
          filename: 'aloe.jpg',
          size: 10,
        },
      });
      expect(r.statusCode).toBe(201);
      await idle();
      // Uploaded to the number's /media first (multipart), then sent by the id Meta answered: no link to us.
      const request = waVector<{ body: Record<string, unknown> }>('send_image_request.json').body;
      const up = graph.uploads().at(-1)!;
      expect(up).toMatchObject({
        path: `/v23.0/${s.pnid}/media`,
        auth: `Bearer ${TOKEN}`,
        body: { messaging_product: 'whatsapp', type: 'image/jpeg', file: { name: 'aloe.jpg', type: 'image/jpeg', size: jpeg.length } },
      });
      expect(graph.sends().slice(n)[0]!.body).toEqual({
        ...request,
        to: '972987654321',
        image: { id: up.mediaId, caption: 'The best succulent ever?' },
      });
      expect(statuses).toContain('sent');
      // The accept notice and the image, each told to whoever sees the conversation now: its holder (read with the settled message).
      const holder = { atendenteId: s.master.user.id, status: 'em_atendimento', departamentoId: c.departamentoId };
      expect(audiences).toEqual([holder, holder]);
    } finally {
      t.ctx.publish = { ...t.ctx.publish!, atendimentos: real };
    }
  });

  it('keeps a status that outruns its send (wamid not yet known while a send is in flight) and applies it later', async () => {
    const s = await setup();
    await s.deliver(variant('incoming_text.json', (m) => Object.assign(m, { timestamp: now() })));
    const c = (await s.conversa())!;
    await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/aceitar`, s.master.auth);
    await idle();
    const notice = (await s.mensagens(c.atendimentoId)).find((m) => m.autor === 'sistema')!;
    // The notice's send is "in flight": Meta answered, but its wamid is not stored yet.
    await t.ctx.db
      .update(mensagens)
      .set({ status: 'pending', enviandoEm: new Date(), externalId: null })
      .where(eq(mensagens.id, notice.id));
    await s.deliver(variant('status_read.json', (st) => Object.assign(st, { id: 'wamid.ATRASADO' })));
    const [kept] = await t.ctx.db
      .select()
      .from(whatsappEventos)
      .where(eq(whatsappEventos.canalId, s.canal.id))
      .orderBy(desc(whatsappEventos.recebidoEm))
      .limit(1);
    expect(kept!.processadoEm).toBeNull();
    await t.ctx.db
      .update(mensagens)
      .set({ status: 'sent', enviandoEm: null, externalId: 'wamid.ATRASADO' })
      .where(eq(mensagens.id, notice.id));
    await vi.waitFor(async () => expect((await s.mensagens(c.atendimentoId)).find((m) => m.id === notice.id)!.status).toBe('read'), {
      timeout: 10_000,
      interval: 200,
    });
  });

  it('refuses a free-form answer outside the 24-hour window before calling Meta, and sends it no automatic notice', async () => {
    const s = await setup();
    const old = String(Math.floor(Date.now() / 1000) - 25 * 3600);
    await s.deliver(variant('incoming_text.json', (m) => Object.assign(m, { timestamp: old })));
    const c = (await s.conversa()) as TAtendimento;
    const n = graph.sends().length;
    await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/aceitar`, s.master.auth);
    await idle();
    const r = await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/mensagens`, s.master.auth, {
      clientId: 'wa-janela-0001',
      atendimentoId: c.atendimentoId,
      conteudo: 'Oi?',
    });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ code: 'FORA_DA_JANELA', message: WHATSAPP_TEXTS.foraDaJanela });
    await idle();
    expect(
      graph
        .sends()
        .slice(n)
        .filter((x) => (x.body?.text as { body?: string })?.body === 'Oi?'),
    ).toHaveLength(0);
    // The accept, transfer and finish notices and the rating invite stay lines for staff: Meta would refuse
    // them (131047) and the attendant would see them fail.
    const dep = await s.acc.addDepartamento('Vendas');
    expect(
      (await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/transferir`, s.master.auth, { departamentoId: dep.id }))
        .statusCode,
    ).toBe(200);
    await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/aceitar`, s.master.auth);
    expect((await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/finalizar`, s.master.auth)).statusCode).toBe(200);
    await idle();
    expect(graph.sends().slice(n)).toEqual([]);
    const avisos = (await s.mensagens(c.atendimentoId)).filter((m) => m.autor === 'sistema');
    expect(avisos.map((m) => m.conteudo)).toEqual([
      `${s.acc.master.nome} iniciou o atendimento.`,
      `Atendimento transferido para o departamento Vendas por ${s.acc.master.nome}.`,
      `${s.acc.master.nome} iniciou o atendimento.`,
      `Atendimento finalizado por ${s.acc.master.nome}.`,
      'Como foi o seu atendimento? Conte para nós pelo link "Avaliar atendimento".',
    ]);
    expect(avisos.every((m) => m.status === 'sent' && !m.erroEnvio)).toBe(true);
  });

  it('fails a message whose rate limit outlasts every try, with a reason that no longer promises a retry', async () => {
    const { s, c } = await accepted();
    const limite = { error: { message: '(#131056) pair rate limit hit', type: 'OAuthException', code: 131056 } };
    graph.failNext(1, 400, limite);
    const r = await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/mensagens`, s.master.auth, {
      clientId: 'wa-esgotado-0001',
      atendimentoId: c.atendimentoId,
      conteudo: 'sempre no limite',
    });
    const id = (r.json() as TMensagem).id;
    await idle();
    // Refused once and waiting for its retry: as if every try before the last had been refused the same way.
    await t.ctx.db.update(mensagens).set({ tentativas: 8 }).where(eq(mensagens.id, id));
    graph.failNext(1, 400, limite);
    await vi.waitFor(
      async () =>
        expect((await s.mensagens(c.atendimentoId)).find((m) => m.id === id)).toMatchObject({
          status: 'failed',
          erroEnvio:
            'O WhatsApp recusou o envio várias vezes seguidas (limite de mensagens ou instabilidade do Meta); reenvie daqui a pouco.',
        }),
      { timeout: 5000, interval: 50 },
    );
  });

  it('tells Meta once that the customer’s newest messages were read when the attendant opens the conversation', async () => {
    const s = await setup();
    const tag = Math.random().toString(36).slice(2, 8);
    const chega = (n: number) =>
      s.deliver(variant('incoming_text.json', (m) => Object.assign(m, { id: `wamid.LIDA${tag}${n}`, timestamp: now() })));
    const readsOf = (n: number) => graph.reads().filter((x) => x.body?.message_id === `wamid.LIDA${tag}${n}`);
    const allReads = () => graph.reads().filter((x) => String(x.body?.message_id).startsWith(`wamid.LIDA${tag}`));
    await chega(1);
    await chega(2);
    const c = (await s.conversa())!;
    // The route answers at once; the receipt goes in the background, for the newest message only.
    expect((await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/lidas`, s.master.auth)).statusCode).toBe(204);
    await vi.waitFor(() => expect(readsOf(2)).toHaveLength(1), { timeout: 5000, interval: 50 });
    expect(readsOf(2)[0]).toMatchObject({
      auth: `Bearer ${TOKEN}`,
      body: { messaging_product: 'whatsapp', status: 'read', message_id: `wamid.LIDA${tag}2` },
    });
    // Opening it again sends nothing more; a new message gets its own receipt.
    const driver = whatsappOf(t.ctx);
    await driver.read(c);
    expect(allReads()).toHaveLength(1);
    await chega(3);
    await driver.read(c);
    expect(readsOf(3)).toHaveLength(1);
    // Meta refusing a receipt is logged, not tried again at the next open.
    await chega(4);
    graph.failNext(1);
    await driver.read(c);
    await driver.read(c);
    expect(readsOf(4)).toHaveLength(1);
    expect(allReads()).toHaveLength(3);
  });

  it('fits media to Meta’s formats and sizes: WebP/GIF photos become JPEG, WebM video and big photos are refused, Ogg/Opus goes as audio', async () => {
    const { s, c } = await accepted();
    const upload = async (bytes: Buffer, filename: string, type: string, forConversation = true) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
      const body = new Response(form);
      return t.app.inject({
        method: 'POST',
        url: `/backend/api/atendimento/upload${forConversation ? `?atendimentoId=${c.atendimentoId}` : ''}`,
        headers: { ...s.master.auth, 'content-type': body.headers.get('content-type')! },
        payload: Buffer.from(await body.arrayBuffer()),
      });
    };
    const pixels = sharp({ create: { width: 16, height: 16, channels: 4, background: '#36c8' } });
    const webp = await pixels.clone().webp().toBuffer();
    const gif = await pixels.clone().gif().toBuffer();
    // An Ogg page announcing Opus (a voice note) and a WebM header: what the upload check reads of each.
    const opus = Buffer.alloc(256);
    opus.write('OggS', 0);
    opus[5] = 2;
    opus[26] = 1;
    opus[27] = 19;
    opus.write('OpusHead', 28);
    const webm = Buffer.concat([
      Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853806701', 'hex'),
      Buffer.alloc(256),
    ]);

    // At upload, for this conversation: converted, accepted or refused in Portuguese before anything is sent.
    const asJpeg = await upload(webp, 'foto.webp', 'image/webp');
    expect(asJpeg.statusCode).toBe(200);
    expect(asJpeg.json()).toMatchObject({ mimeType: 'image/jpeg', filename: 'foto.jpg', tipo: 'image' });
    expect((await upload(gif, 'anim.gif', 'image/gif')).json()).toMatchObject({ mimeType: 'image/jpeg', filename: 'anim.jpg' });
    const voz = await upload(opus, 'voz.ogg', 'audio/ogg');
    expect(voz.json()).toMatchObject({ mimeType: 'audio/ogg; codecs=opus', tipo: 'audio' });
    const video = await upload(webm, 'clipe.webm', 'video/webm');
    expect(video.statusCode).toBe(415);
    expect(video.json()).toMatchObject({ message: 'O WhatsApp não aceita este formato de vídeo: envie MP4 ou 3GP.' });
    const noise = await sharp(randomBytes(1400 * 1400 * 3), { raw: { width: 1400, height: 1400, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const big = await upload(noise, 'grande.png', 'image/png');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: 'O WhatsApp aceita imagens de até 5 MB.' });
    // Without the conversation (an older client) the file is kept as it came: the send converts it.
    const cru = await upload(webp, 'cru.webp', 'image/webp', false);
    expect(cru.json()).toMatchObject({ mimeType: 'image/webp' });

    const enviar = (
      clientId: string,
      midia: { url: string; mimeType: string; filename: string | null; size: number | null; tipo: string },
    ) =>
      inject('POST', `/backend/api/atendimento/${c.atendimentoId}/mensagens`, s.master.auth, {
        clientId,
        atendimentoId: c.atendimentoId,
        tipo: midia.tipo,
        conteudo: '',
        midia: { url: midia.url, mimeType: midia.mimeType, filename: midia.filename, size: midia.size },
      });
    expect((await enviar('wa-conv-0001', cru.json())).statusCode).toBe(201);
    expect((await enviar('wa-conv-0002', voz.json())).statusCode).toBe(201);
    await idle();
    const [foto, audio] = graph.uploads().slice(-2);
    expect(foto!.body).toMatchObject({ type: 'image/jpeg', file: { name: 'cru.jpg', type: 'image/jpeg' } });
    expect(audio!.body).toMatchObject({ type: 'audio/ogg', file: { name: 'voz.ogg' } });
    expect(
      graph
        .sends()
        .slice(-2)
        .map((x) => x.body),
    ).toMatchObject([
      { type: 'image', image: { id: foto!.mediaId } },
      { type: 'audio', audio: { id: audio!.mediaId } },
    ]);
    const sent = await s.mensagens(c.atendimentoId);
    expect(sent.filter((m) => m.clientId?.startsWith('wa-conv-')).map((m) => m.status)).toEqual(['sent', 'sent']);
    // An attachment sent without its kind takes it from its type: the converted photo goes as a photo.
    const { tipo: _tipo, ...foto2 } = asJpeg.json() as { tipo: string; url: string; mimeType: string; filename: string; size: number };
    const semTipo = await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/mensagens`, s.master.auth, {
      clientId: 'wa-conv-0004',
      atendimentoId: c.atendimentoId,
      conteudo: 'segue a foto',
      midia: foto2,
    });
    expect(semTipo.json()).toMatchObject({ tipo: 'image', midia: { mimeType: 'image/jpeg' } });
    // A WebM video named at the send (uploaded elsewhere) is refused there, before the queue.
    const tarde = await enviar('wa-conv-0003', {
      url: `/backend/uploads/anexos/${s.acc.account.id}/0123456789abcdef0123456789abcdef.webm`,
      mimeType: 'video/webm',
      filename: 'x.webm',
      size: 10,
      tipo: 'video',
    });
    expect(tarde.statusCode).toBe(415);
    expect(tarde.json()).toMatchObject({ message: 'O WhatsApp não aceita este formato de vídeo: envie MP4 ou 3GP.' });
  });

  it('finishes after a restart what was stored but not processed (a kill between the two)', async () => {
    const s = await setup();
    // The webhook's first half only: stored durably, then the process "dies" before processing.
    await storeEvent(t.ctx.db, { id: s.canal.id, accountId: s.acc.account.id }, forNumber(waVectorBytes('incoming_text.json'), s.pnid));
    expect(await s.conversa()).toBeNull();
    await startAnotherProcess();
    expect((await s.last()).ultima).toMatchObject({ conteudo: 'Body Text' });
    const [row] = await t.ctx.db.select().from(clientes).where(eq(clientes.identificador, 'whatsapp:972987654321')).limit(1);
    expect(row).toBeTruthy();
    const open = await t.ctx.db.select().from(atendimentos).where(eq(atendimentos.clienteId, row!.id));
    expect(open.length).toBeGreaterThan(0);
  });

  it('leaves a delivery to the instance that stored it while its claim holds, and takes it once the claim ran out', async () => {
    const s = await setup();
    const stored = await storeEvent(
      t.ctx.db,
      { id: s.canal.id, accountId: s.acc.account.id },
      forNumber(waVectorBytes('incoming_text.json'), s.pnid),
    );
    expect(stored?.processandoAte?.getTime()).toBeGreaterThan(Date.now());
    // Another live instance's sweep: the claim holds, so it is not processed twice at once.
    whatsappOf(t.ctx).processor.kick();
    await idle();
    expect(await s.conversa()).toBeNull();
    // The instance that stored it died: once its claim ran out, the next sweep takes it.
    await t.ctx.db
      .update(whatsappEventos)
      .set({ processandoAte: new Date(Date.now() - 1000) })
      .where(eq(whatsappEventos.id, stored!.id));
    whatsappOf(t.ctx).processor.kick();
    await idle();
    expect((await s.last()).ultima).toMatchObject({ conteudo: 'Body Text' });
    const [evento] = await t.ctx.db.select().from(whatsappEventos).where(eq(whatsappEventos.id, stored!.id));
    expect(evento).toMatchObject({ tentativas: 2, erro: null });
    expect(evento?.processadoEm).not.toBeNull();
  });
});
