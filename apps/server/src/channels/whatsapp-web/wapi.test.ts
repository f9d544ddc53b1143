import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { proto, type WAMessage } from 'baileys';
import { describe, expect, it, vi } from 'vitest';
import type { TConversasPage, TMensagem, TMensagensPage } from '@balcao/shared/atendimentos';
import type { TIntegracoes } from '@balcao/shared/canais';
import { WAPI_TEXTS, type TWapiSessao, type TWapiStatus } from '@balcao/shared/wapi';
import { atendimentos, clientes, mensagens } from '../../db/schema/atendimentos';
import { wapiChaves, wapiLeituras, wapiSessoes } from '../../db/schema/wapi';
import { login, makeAccount } from '../../test/factories';
import { DB_KINDS } from '../../test/harness';
import { closeWith, wapiTestApp } from '../../test/wapi-kit';
import { wapiOf } from '../registry';
import { WapiAuthStore } from './auth-store';
import { WAPI_DEFAULTS } from './config';
import { WhatsAppWebDriver } from './driver';
import { Outbox } from '../../modules/atendimentos/outbox/outbox';
import { textOf } from '../../test/fake-whatsapp-web';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const CUSTOMER = '5511988887777';
const JID = `${CUSTOMER}@s.whatsapp.net`;
const LID = '123456789012345';
const ts = () => Math.floor(Date.now() / 1000);

/** A customer's message as Baileys delivers it (proto.WebMessageInfo), with Baileys' key extensions. */
function incoming(id: string, message: proto.IMessage, key: { remoteJid?: string; remoteJidAlt?: string } = {}): WAMessage {
  const m = proto.WebMessageInfo.fromObject({
    key: { remoteJid: key.remoteJid ?? JID, fromMe: false, id },
    message,
    messageTimestamp: ts(),
    pushName: 'Cliente Fulano',
  }) as WAMessage;
  if (key.remoteJidAlt) m.key.remoteJidAlt = key.remoteJidAlt;
  return m;
}

describe.each(DB_KINDS)('WhatsApp Web (WAPI) on %s', (kind) => {
  const h = wapiTestApp(kind);

  const idle = () => wapiOf(h.t.ctx).idle();
  const inject = (method: 'GET' | 'POST', url: string, auth: Record<string, string>, payload?: object) =>
    h.t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  async function setup() {
    const acc = await makeAccount(h.t.ctx.db);
    const master = await login(h.t.app, acc.master.email);
    const api = (p: string) => `/backend/wapi/clients/${acc.account.id}/${p}`;
    const qr = async () => (await inject('GET', api('qr'), master.auth)).json() as TWapiSessao;
    const status = async () => (await inject('GET', api('status'), master.auth)).json() as TWapiStatus;
    const integracoes = async () => ((await inject('GET', '/backend/Integracoes/get', master.auth)).json() as TIntegracoes).configWAPI;
    /** conectar, the QR, the scan (515 then a new socket that opens): a paired number. */
    const pair = async () => {
      const before = h.wa.sockets.length;
      expect((await inject('POST', api('conectar'), master.auth)).statusCode).toBe(202);
      await idle();
      expect(h.wa.sockets.length).toBe(before + 1);
      h.wa.last.emit('connection.update', { connection: 'connecting' });
      h.wa.last.emit('connection.update', { qr: '2@fake-qr-ref,abc,def,ghi' });
      await idle();
      const sock = h.wa.last;
      sock.emit('creds.update', { me: { id: '5511900001111:7@s.whatsapp.net', name: 'Loja' }, registered: true });
      sock.emit('connection.update', closeWith(515));
      await idle();
      expect(h.wa.sockets.length).toBe(before + 2);
      const open = h.wa.last;
      open.user = { id: '5511900001111:7@s.whatsapp.net', name: 'Loja' };
      open.emit('connection.update', { connection: 'open' });
      await idle();
      return open;
    };
    const conversa = async () => {
      for (const st of ['aguardando', 'em_atendimento'])
        for (const item of ((await inject('GET', `/backend/api/atendimento/conversas?status=${st}`, master.auth)).json() as TConversasPage)
          .itens)
          return item;
      return null;
    };
    const mensagens = async (id: string) =>
      ((await inject('GET', `/backend/api/atendimento/${id}/mensagens`, master.auth)).json() as TMensagensPage).mensagens;
    return { acc, master, api, qr, status, integracoes, pair, conversa, mensagens };
  }

  it('round-trips every key type through the encrypted store, deletes on null and clears on logout', async () => {
    const s = await setup();
    const w = await inject('POST', s.api('conectar'), s.master.auth);
    expect(w.statusCode).toBe(202);
    await idle();
    const [sessao] = await h.t.ctx.db.select().from(wapiSessoes).where(eq(wapiSessoes.accountId, s.acc.account.id));
    const store = new WapiAuthStore(h.t.ctx.db, h.t.ctx.cipher, sessao!.canalId);
    const keyPair = { public: Buffer.from('pub-key-bytes'), private: Buffer.from('priv-key-bytes') };
    const values = {
      'pre-key': { '1': keyPair },
      session: { [`${CUSTOMER}.0`]: Buffer.from('session-record') },
      'sender-key': { 'grupo::5511::0': Buffer.from('sender-key-record') },
      'sender-key-memory': { 'grupo@g.us': { [`${CUSTOMER}:0@s.whatsapp.net`]: true } },
      'app-state-sync-version': { regular: { version: 3, hash: Buffer.alloc(128, 1), indexValueMap: {} } },
      'lid-mapping': { [CUSTOMER]: LID, [`${LID}_reverse`]: CUSTOMER },
      'device-list': { [CUSTOMER]: ['0', '7'] },
      tctoken: { [JID]: { token: Buffer.from('privacy-token'), timestamp: '1700000000' } },
      'identity-key': { [`${CUSTOMER}.0`]: Buffer.from('identity') },
    };
    await store.keys.set({ ...values, 'app-state-sync-key': { AAAAAQ: { keyData: Buffer.from('app-state-key'), timestamp: 1700000000 } } });
    for (const [type, byId] of Object.entries(values)) {
      const got = await store.keys.get(type as keyof typeof values, Object.keys(byId));
      const plain = JSON.parse(JSON.stringify(got));
      expect(plain, type).toEqual(JSON.parse(JSON.stringify(byId)));
    }
    const pk = await store.keys.get('pre-key', ['1']);
    expect(Buffer.isBuffer(pk['1']!.public)).toBe(true);
    // Binary values come back as bytes, not as JSON objects, also through Baileys' cache (what the socket reads).
    const cached = (await store.state()).keys;
    expect(Buffer.isBuffer((await cached.get('session', [`${CUSTOMER}.0`]))[`${CUSTOMER}.0`])).toBe(true);
    expect(Buffer.isBuffer((await cached.get('identity-key', [`${CUSTOMER}.0`]))[`${CUSTOMER}.0`])).toBe(true);
    expect(Buffer.isBuffer((await cached.get('tctoken', [JID]))[JID]!.token)).toBe(true);
    expect(await cached.get('lid-mapping', [`${LID}_reverse`])).toEqual({ [`${LID}_reverse`]: CUSTOMER });
    expect(await cached.get('device-list', [CUSTOMER])).toEqual({ [CUSTOMER]: ['0', '7'] });
    const sync = await store.keys.get('app-state-sync-key', ['AAAAAQ']);
    expect(sync.AAAAAQ).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(sync.AAAAAQ!.keyData!).toString()).toBe('app-state-key');
    expect(Number(sync.AAAAAQ!.timestamp)).toBe(1700000000);
    // At rest nothing is readable: the values are sealed like other channel secrets.
    const rows = await h.t.ctx.db.select().from(wapiChaves).where(eq(wapiChaves.canalId, sessao!.canalId));
    expect(rows.some((r) => r.valor.includes(LID) || r.valor.includes('Buffer'))).toBe(false);
    await store.keys.set({ 'pre-key': { '1': null } });
    expect(await store.keys.get('pre-key', ['1'])).toEqual({});
    const creds = await store.creds();
    await store.saveCreds({ ...creds, registered: true });
    expect((await store.creds()).registered).toBe(true);
    expect(Buffer.isBuffer((await store.creds()).noiseKey.private)).toBe(true);
    await store.clear();
    expect(await store.hasCreds()).toBe(false);
  });

  it('answers the status calls: not connected at first, supervisors only, another account is 404', async () => {
    const s = await setup();
    expect(await s.status()).toEqual({ connected: false, phoneNumber: null });
    expect(await s.integracoes()).toEqual({ conectado: false, ativo: false });
    const integ = (await inject('GET', '/backend/Integracoes/get', s.master.auth)).json() as TIntegracoes;
    expect(integ.userId).toBe(s.acc.account.id);
    const at = await s.acc.addUser('atendente');
    const atendente = await login(h.t.app, at.email);
    expect((await inject('GET', s.api('status'), atendente.auth)).statusCode).toBe(403);
    expect((await inject('POST', s.api('conectar'), atendente.auth)).statusCode).toBe(403);
    for (const role of ['user', 'tracker'] as const) {
      const other = await login(h.t.app, (await s.acc.addUser(role)).email);
      expect((await inject('GET', s.api('qr'), other.auth)).statusCode, role).toBe(403);
      expect((await inject('POST', s.api('desconectar'), other.auth)).statusCode, role).toBe(403);
    }
    const admin = await login(h.t.app, (await s.acc.addUser('admin')).email);
    expect((await inject('GET', s.api('status'), admin.auth)).json()).toEqual({ connected: false, phoneNumber: null });
    expect((await inject('GET', s.api('qr'), admin.auth)).statusCode).toBe(200);
    const other = await setup();
    for (const p of ['status', 'qr'])
      expect((await inject('GET', other.api(p), s.master.auth)).json()).toMatchObject({ message: WAPI_TEXTS.naoEncontrado });
    for (const p of ['conectar', 'desconectar', 'pausar', 'ativar'])
      expect((await inject('POST', other.api(p), admin.auth)).statusCode, p).toBe(404);
    expect((await inject('POST', other.api('pareamento'), s.master.auth, { numero: '5511900001111' })).statusCode).toBe(404);
  });

  it('shows the QR as an image, a pairing code on request, reconnects after the scan (515) and reports the number', async () => {
    const s = await setup();
    expect((await inject('POST', s.api('conectar'), s.master.auth)).statusCode).toBe(202);
    await idle();
    const first = h.wa.last;
    first.emit('connection.update', { qr: '2@first-qr' });
    await idle();
    const q = await s.qr();
    expect(q.estado).toBe('qr');
    expect(q.qr).toMatch(/^data:image\/png;base64,/);
    const bad = await inject('POST', s.api('pareamento'), s.master.auth, { numero: '12' });
    expect(bad.statusCode).toBe(400);
    const pr = await inject('POST', s.api('pareamento'), s.master.auth, { numero: '+55 (11) 90000-1111' });
    expect(pr.statusCode).toBe(202);
    await idle();
    expect(first.pairingAsked).toEqual(['5511900001111']);
    expect((await s.qr()).codigoPareamento).toBe('BALC4O12');
    first.emit('creds.update', { registered: true, me: { id: '5511900001111:3@s.whatsapp.net' } });
    first.emit('connection.update', closeWith(515));
    await idle();
    const second = h.wa.last;
    expect(second).not.toBe(first);
    // The creds written by creds.update are what the new socket opens with.
    expect(second.opts.auth.creds.registered).toBe(true);
    second.user = { id: '5511900001111:3@s.whatsapp.net', name: 'Loja Exemplo' };
    second.emit('connection.update', { connection: 'open' });
    await idle();
    expect(await s.status()).toEqual({ connected: true, phoneNumber: '+5511900001111' });
    expect(await s.qr()).toMatchObject({ estado: 'conectado', numero: '+5511900001111', nome: 'Loja Exemplo', qr: null, ativo: true });
    expect(await s.integracoes()).toEqual({ conectado: true, ativo: true });
    expect((await inject('POST', s.api('conectar'), s.master.auth)).json().message).toBe(WAPI_TEXTS.jaConectado);
  });

  it('takes customer messages into the inbox: text, extended text, image with caption, reply, reaction, edit, revoke', async () => {
    const s = await setup();
    const sock = await s.pair();
    sock.media.set('WA-3', PNG);
    sock.emit('messages.upsert', { type: 'notify', messages: [incoming('WA-1', { conversation: 'Olá, bom dia' })] });
    sock.emit('messages.upsert', {
      type: 'notify',
      messages: [
        incoming('WA-2', { extendedTextMessage: { text: 'Vocês abrem sábado? https://exemplo.com' } }),
        incoming('WA-3', { imageMessage: { caption: 'Foto do produto', mimetype: 'image/png' } }),
      ],
    });
    // History ('append'), groups and broadcasts never reach the inbox.
    sock.emit('messages.upsert', { type: 'append', messages: [incoming('WA-OLD', { conversation: 'antiga' })] });
    sock.emit('messages.upsert', {
      type: 'notify',
      messages: [incoming('WA-G', { conversation: 'grupo' }, { remoteJid: '1203630@g.us' })],
    });
    sock.emit('messages.upsert', {
      type: 'notify',
      messages: [incoming('WA-S', { conversation: 'status' }, { remoteJid: 'status@broadcast' })],
    });
    sock.emit('messages.upsert', {
      type: 'notify',
      messages: [incoming('WA-N', { conversation: 'novidades' }, { remoteJid: '120363025246125486@newsletter' })],
    });
    await idle();
    const c = (await s.conversa())!;
    expect(c.origem).toBe('whatsapp');
    expect(c.clienteNome).toBe('Cliente Fulano');
    expect(c.numero).toBe(`+${CUSTOMER}`);
    // Only the customer: no conversation for the group, the status broadcast or the newsletter.
    const all = (await inject('GET', '/backend/api/atendimento/conversas?status=aguardando', s.master.auth)).json() as TConversasPage;
    expect(all.itens.map((i) => i.atendimentoId)).toEqual([c.atendimentoId]);
    expect((await h.t.ctx.db.select().from(clientes).where(eq(clientes.accountId, s.acc.account.id))).length).toBe(1);
    let ms = await s.mensagens(c.atendimentoId);
    expect(ms.map((m) => m.conteudo)).toEqual(['Olá, bom dia', 'Vocês abrem sábado? https://exemplo.com', 'Foto do produto']);
    const foto = ms[2]!;
    expect(foto.tipo).toBe('image');
    expect(foto.midia?.mimeType).toBe('image/png');

    sock.emit('messages.upsert', {
      type: 'notify',
      messages: [incoming('WA-4', { extendedTextMessage: { text: 'Esse aqui', contextInfo: { stanzaId: 'WA-3', participant: JID } } })],
    });
    await idle();
    sock.emit('messages.reaction', [
      { key: { remoteJid: JID, id: 'WA-1', fromMe: false }, reaction: { key: { remoteJid: JID, id: 'WA-R1', fromMe: false }, text: '👍' } },
    ]);
    sock.emit('messages.update', [
      {
        key: { remoteJid: JID, id: 'WA-2', fromMe: false },
        update: { message: { editedMessage: { message: { conversation: 'Vocês abrem domingo?' } } } },
      },
      {
        key: { remoteJid: JID, id: 'WA-4', fromMe: false },
        update: { message: null, messageStubType: proto.WebMessageInfo.StubType.REVOKE },
      },
    ]);
    await idle();
    ms = await s.mensagens(c.atendimentoId);
    const by = (text: string) => ms.find((m) => m.conteudo === text);
    expect(ms.find((m) => m.tipo === 'reaction')).toMatchObject({ conteudo: '👍', reagindoA: ms[0]!.id });
    expect(by('Vocês abrem domingo?')?.editada).toBe(true);
    const reply = ms.find((m) => m.respondendoA?.id === foto.id)!;
    expect(reply.apagada).toBe(true);
    // An empty reaction removes it.
    sock.emit('messages.reaction', [
      { key: { remoteJid: JID, id: 'WA-1', fromMe: false }, reaction: { key: { remoteJid: JID, id: 'WA-R2', fromMe: false }, text: '' } },
    ]);
    await idle();
    expect((await s.mensagens(c.atendimentoId)).find((m) => m.tipo === 'reaction')?.apagada).toBe(true);
  });

  it('keeps one customer per person across LID and phone-number addressing', async () => {
    const s = await setup();
    const sock = await s.pair();
    // First by LID only: no number known yet.
    sock.emit('messages.upsert', { type: 'notify', messages: [incoming('L-1', { conversation: 'oi' }, { remoteJid: `${LID}@lid` })] });
    await idle();
    // Then by LID with the number beside it (remoteJidAlt), then by number.
    sock.emit('messages.upsert', {
      type: 'notify',
      messages: [incoming('L-2', { conversation: 'sou eu' }, { remoteJid: `${LID}@lid`, remoteJidAlt: JID })],
    });
    sock.emit('messages.upsert', { type: 'notify', messages: [incoming('L-3', { conversation: 'de novo' })] });
    await idle();
    const rows = await h.t.ctx.db.select().from(clientes).where(eq(clientes.accountId, s.acc.account.id));
    expect(rows.map((r) => r.identificador)).toEqual([`whatsapp:${CUSTOMER}`]);
    const c = (await s.conversa())!;
    expect((await s.mensagens(c.atendimentoId)).map((m) => m.conteudo)).toEqual(['oi', 'sou eu', 'de novo']);
    // The pair seen in remoteJidAlt is kept in the LID map of the key store.
    const [row] = await h.t.ctx.db.select().from(wapiSessoes).where(eq(wapiSessoes.accountId, s.acc.account.id));
    const store = new WapiAuthStore(h.t.ctx.db, h.t.ctx.cipher, row!.canalId);
    expect(await store.keys.get('lid-mapping', [CUSTOMER, `${LID}_reverse`])).toEqual({ [CUSTOMER]: LID, [`${LID}_reverse`]: CUSTOMER });
    // Another person writes by LID only; Baileys learns the pair (lid-mapping.update); their next message comes by
    // number alone: still one customer, who now has the number.
    const LID2 = '987654321098765';
    const PN2 = '5521977776666';
    sock.emit('messages.upsert', { type: 'notify', messages: [incoming('L-4', { conversation: 'olá' }, { remoteJid: `${LID2}@lid` })] });
    await idle();
    await store.keys.set({ 'lid-mapping': { [PN2]: LID2, [`${LID2}_reverse`]: PN2 } });
    sock.emit('messages.upsert', {
      type: 'notify',
      messages: [incoming('L-5', { conversation: 'agora pelo número' }, { remoteJid: `${PN2}@s.whatsapp.net` })],
    });
    sock.emit('messages.upsert', {
      type: 'notify',
      messages: [incoming('L-6', { conversation: 'e pelo LID' }, { remoteJid: `${LID2}@lid` })],
    });
    await idle();
    const after = await h.t.ctx.db.select().from(clientes).where(eq(clientes.accountId, s.acc.account.id));
    expect(after.map((r) => r.identificador).sort()).toEqual([`whatsapp:${CUSTOMER}`, `whatsapp:${PN2}`]);
  });

  it('merges a LID-only customer into the customer who has the number once WhatsApp links them', async () => {
    const s = await setup();
    const sock = await s.pair();
    const db = h.t.ctx.db;
    const doCliente = async (identificador: string) =>
      (
        await db
          .select()
          .from(clientes)
          .where(and(eq(clientes.accountId, s.acc.account.id), eq(clientes.identificador, identificador)))
      )[0];
    const deCliente = (clienteId: string) =>
      db.select().from(atendimentos).where(eq(atendimentos.clienteId, clienteId)).orderBy(atendimentos.ticket);
    const textos = async (ids: string[]) =>
      (await db.select().from(mensagens).where(inArray(mensagens.atendimentoId, ids)).orderBy(mensagens.seq)).map((m) => m.conteudo);

    // 1. By LID alone (no remoteJidAlt, no map): a LID-only customer with an open conversation.
    sock.emit('messages.upsert', {
      type: 'notify',
      messages: [incoming('M-1', { conversation: 'oi, pelo LID' }, { remoteJid: `${LID}@lid` })],
    });
    await idle();
    // 2. The same person by number, WhatsApp not having linked the two yet: a second customer, a second conversation.
    sock.emit('messages.upsert', { type: 'notify', messages: [incoming('M-2', { conversation: 'oi, pelo número' })] });
    await idle();
    const lidOnly = (await doCliente(`whatsapp-lid:${LID}`))!;
    const porNumero = (await doCliente(`whatsapp:${CUSTOMER}`))!;
    expect(lidOnly && porNumero).toBeTruthy();
    const [convLid] = await deCliente(lidOnly.id);
    const [convNumero] = await deCliente(porNumero.id);
    await db.update(clientes).set({ email: 'fulano@exemplo.com' }).where(eq(clientes.id, lidOnly.id));

    // 3. A message by LID with the number beside it: one customer, the number's, with both conversations.
    sock.emit('messages.upsert', {
      type: 'notify',
      messages: [incoming('M-3', { conversation: 'sou a mesma pessoa' }, { remoteJid: `${LID}@lid`, remoteJidAlt: JID })],
    });
    await idle();
    const rows = await db.select().from(clientes).where(eq(clientes.accountId, s.acc.account.id));
    expect(rows.map((r) => r.identificador)).toEqual([`whatsapp:${CUSTOMER}`]);
    expect(rows[0]).toMatchObject({ id: porNumero.id, numero: `+${CUSTOMER}`, email: 'fulano@exemplo.com' });
    const convs = await deCliente(porNumero.id);
    expect(convs.map((a) => a.id)).toEqual([convLid!.id, convNumero!.id]);
    // One open conversation per customer and channel: the LID's was finalised (its messages kept), the new one
    // joined the number's.
    expect(convs.map((a) => a.status)).toEqual(['finalizado', 'aguardando']);
    expect(await textos([convLid!.id])).toEqual(['oi, pelo LID']);
    expect(await textos([convNumero!.id])).toEqual(['oi, pelo número', 'sou a mesma pessoa']);
    // The LID map stays (later LID-only messages find the number).
    const [sessao] = await db.select().from(wapiSessoes).where(eq(wapiSessoes.accountId, s.acc.account.id));
    const store = new WapiAuthStore(db, h.t.ctx.cipher, sessao!.canalId);
    expect(await store.keys.get('lid-mapping', [`${LID}_reverse`])).toEqual({ [`${LID}_reverse`]: CUSTOMER });
    sock.emit('messages.upsert', {
      type: 'notify',
      messages: [incoming('M-4', { conversation: 'de novo pelo LID' }, { remoteJid: `${LID}@lid` })],
    });
    await idle();
    expect((await db.select().from(clientes).where(eq(clientes.accountId, s.acc.account.id))).map((r) => r.identificador)).toEqual([
      `whatsapp:${CUSTOMER}`,
    ]);
    expect(await textos([convNumero!.id])).toEqual(['oi, pelo número', 'sou a mesma pessoa', 'de novo pelo LID']);

    // Another person whose number customer has no open conversation here (registered elsewhere): the LID's open
    // conversation moves to that customer and stays open.
    const LID2 = '987654321098765';
    const PN2 = '5521977776666';
    const [registrado] = await db
      .insert(clientes)
      .values({ accountId: s.acc.account.id, nome: 'Beatriz', numero: `+${PN2}`, identificador: `whatsapp:${PN2}` })
      .returning();
    sock.emit('messages.upsert', { type: 'notify', messages: [incoming('M-5', { conversation: 'olá' }, { remoteJid: `${LID2}@lid` })] });
    await idle();
    sock.emit('messages.upsert', {
      type: 'notify',
      messages: [incoming('M-6', { conversation: 'continuo aqui' }, { remoteJid: `${LID2}@lid`, remoteJidAlt: `${PN2}@s.whatsapp.net` })],
    });
    await idle();
    expect(await doCliente(`whatsapp-lid:${LID2}`)).toBeUndefined();
    const conv2 = await deCliente(registrado!.id);
    expect(conv2.map((a) => a.status)).toEqual(['aguardando']);
    expect(await textos([conv2[0]!.id])).toEqual(['olá', 'continuo aqui']);
    expect((await s.mensagens(conv2[0]!.id)).map((m) => m.conteudo)).toEqual(['olá', 'continuo aqui']);
  });

  it('sends answers through the socket (text, reply quoted, reaction), paced in order, and follows receipts', async () => {
    const s = await setup();
    const sock = await s.pair();
    sock.emit('messages.upsert', { type: 'notify', messages: [incoming('IN-1', { conversation: 'Quero comprar' })] });
    await idle();
    const c = (await s.conversa())!;
    expect((await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/aceitar`, s.master.auth)).statusCode).toBe(200);
    const cliente = (await s.mensagens(c.atendimentoId)).find((m) => m.autor === 'cliente')!;
    const enviar = (clientId: string, extra: object = {}) =>
      inject('POST', `/backend/api/atendimento/${c.atendimentoId}/mensagens`, s.master.auth, {
        clientId,
        atendimentoId: c.atendimentoId,
        conteudo: 'Claro! Qual produto?',
        ...extra,
      });
    const first = await enviar('wapi-0001');
    expect(first.statusCode).toBe(201);
    expect((first.json() as TMensagem).status).toBe('pending');
    await enviar('wapi-0002', { conteudo: 'Respondendo', respondendoA: cliente.id });
    await enviar('wapi-0003', { tipo: 'reaction', conteudo: '❤️', reagindoA: cliente.id });
    await idle();
    const texts = sock.sent.map((x) => x.content);
    // The accept notice first, then the answers in order.
    expect(texts).toContainEqual({ text: 'Claro! Qual produto?' });
    expect(sock.sent.every((x) => x.jid === JID)).toBe(true);
    const reply = sock.sent.find((x) => textOf(x.content) === 'Respondendo')!;
    expect(reply.options?.quoted?.key).toEqual({ remoteJid: JID, id: 'IN-1', fromMe: false });
    expect(sock.sent.at(-1)!.content).toEqual({ react: { text: '❤️', key: { remoteJid: JID, id: 'IN-1', fromMe: false } } });
    const ms = await s.mensagens(c.atendimentoId);
    const mine = ms.find((m) => m.conteudo === 'Claro! Qual produto?')!;
    expect(mine.status).toBe('sent');
    const wamid = sock.sent.find((x) => textOf(x.content) === 'Claro! Qual produto?')!.id;
    sock.emit('messages.update', [{ key: { remoteJid: JID, id: wamid, fromMe: true }, update: { status: 4 } }]);
    await idle();
    sock.emit('messages.update', [{ key: { remoteJid: JID, id: wamid, fromMe: true }, update: { status: 3 } }]);
    await idle();
    expect((await s.mensagens(c.atendimentoId)).find((m) => m.id === mine.id)?.status).toBe('read');
    // Baileys' retries re-encrypt from our database: the text we sent under that id, undefined on a miss.
    expect(await sock.opts.getMessage({ remoteJid: JID, id: wamid, fromMe: true })).toEqual({ conversation: 'Claro! Qual produto?' });
    expect(await sock.opts.getMessage({ remoteJid: JID, id: 'NOT-OURS', fromMe: true })).toBeUndefined();
    // Opening the conversation marks the customer's messages read on WhatsApp.
    expect((await inject('POST', `/backend/api/atendimento/${c.atendimentoId}/lidas`, s.master.auth)).statusCode).toBe(204);
    await vi.waitFor(() => expect(sock.read.flat()).toContainEqual({ remoteJid: JID, id: 'IN-1', fromMe: false }), { timeout: 10_000 });
    await idle();
    // Asked through wapi_leituras and taken once; a conversation of another channel (Cloud API) asks nothing here.
    expect(await h.t.ctx.db.select().from(wapiLeituras)).toEqual([]);
    await wapiOf(h.t.ctx).read({ ...c, canalId: randomUUID() });
    expect(await h.t.ctx.db.select().from(wapiLeituras)).toEqual([]);
    expect(sock.read).toHaveLength(1);
    // No 24-hour window on WhatsApp Web: an answer days later still goes out.
    await h.t.ctx.db.execute(sql`update atendimentos set cliente_escreveu_em = now() - interval '3 days' where id = ${c.atendimentoId}`);
    expect((await enviar('wapi-0004', { conteudo: 'Ainda por aqui' })).statusCode).toBe(201);
  });

  it('stops after 3 unscanned QR codes, yields to another session (440), forgets the keys when logged out (401)', async () => {
    const s = await setup();
    await inject('POST', s.api('conectar'), s.master.auth);
    await idle();
    const sock = h.wa.last;
    for (const n of [1, 2, 3, 4]) sock.emit('connection.update', { qr: `2@qr-${n}` });
    await idle();
    expect(await s.qr()).toMatchObject({ estado: 'desconectado', qr: null, erro: WAPI_TEXTS.qrExpirado });
    expect(sock.ended).toBe(true);

    const open = await s.pair();
    const count = h.wa.sockets.length;
    open.emit('connection.update', closeWith(440));
    await idle();
    expect(h.wa.sockets.length).toBe(count);
    expect(await s.qr()).toMatchObject({ estado: 'desconectado', erro: WAPI_TEXTS.substituida });

    const again = await s.pair();
    const [row] = await h.t.ctx.db.select().from(wapiSessoes).where(eq(wapiSessoes.accountId, s.acc.account.id));
    expect(await new WapiAuthStore(h.t.ctx.db, h.t.ctx.cipher, row!.canalId).hasCreds()).toBe(true);
    again.emit('connection.update', closeWith(401));
    await idle();
    expect(await s.qr()).toMatchObject({ estado: 'desconectado', numero: null, erro: WAPI_TEXTS.desconectadoNoCelular });
    expect(await new WapiAuthStore(h.t.ctx.db, h.t.ctx.cipher, row!.canalId).hasCreds()).toBe(false);
    expect(await s.status()).toEqual({ connected: false, phoneNumber: null });
  });

  it('retries a lost connection with bounded back-off and says why; pauses, activates and disconnects', async () => {
    const s = await setup();
    await inject('POST', s.api('conectar'), s.master.auth);
    await idle();
    const before = h.wa.sockets.length;
    // No network: every socket closes at once (408). An unpaired session gives up after 5 tries.
    for (let i = 0; i < 10 && h.wa.sockets.length - before < 5; i++) {
      h.wa.last.emit('connection.update', closeWith(408));
      await idle();
      await new Promise((r) => setTimeout(r, 20));
      await idle();
    }
    expect(h.wa.sockets.length - before).toBe(4);
    expect(await s.qr()).toMatchObject({ estado: 'desconectado', erro: WAPI_TEXTS.semRede });
    expect(await s.status()).toEqual({ connected: false, phoneNumber: null });

    const sock = await s.pair();
    const paused = await inject('POST', s.api('pausar'), s.master.auth);
    expect(paused.json()).toMatchObject({ estado: 'pausado', ativo: false, numero: '+5511900001111' });
    expect(sock.ended).toBe(true);
    expect(sock.loggedOut).toBe(false);
    expect(await s.integracoes()).toEqual({ conectado: true, ativo: false });
    const count = h.wa.sockets.length;
    expect((await inject('POST', s.api('ativar'), s.master.auth)).statusCode).toBe(200);
    await idle();
    expect(h.wa.sockets.length).toBe(count + 1);
    const back = h.wa.last;
    // The stored pairing opens again without a QR.
    expect(back.opts.auth.creds.registered).toBe(true);
    back.user = { id: '5511900001111:7@s.whatsapp.net', name: 'Loja' };
    back.emit('connection.update', { connection: 'open' });
    await idle();
    expect(await s.integracoes()).toEqual({ conectado: true, ativo: true });
    const off = await inject('POST', s.api('desconectar'), s.master.auth);
    expect(off.json()).toMatchObject({ estado: 'desconectado', numero: null });
    expect(back.loggedOut).toBe(true);
    const [row] = await h.t.ctx.db.select().from(wapiSessoes).where(eq(wapiSessoes.accountId, s.acc.account.id));
    expect(
      await h.t.ctx.db
        .select()
        .from(wapiChaves)
        .where(and(eq(wapiChaves.canalId, row!.canalId))),
    ).toEqual([]);
  });

  it('lets one instance own a session: another takes over only once the lease is released or expired', async () => {
    const s = await setup();
    const sock = await s.pair();
    const [row] = await h.t.ctx.db.select().from(wapiSessoes).where(eq(wapiSessoes.accountId, s.acc.account.id));
    expect(row!.dono).toBe(wapiOf(h.t.ctx).instance);
    const outbox = new Outbox(h.t.ctx);
    const other = new WhatsAppWebDriver(h.t.ctx, { ...WAPI_DEFAULTS, socket: h.wa.factory, sendGapMs: 0, backoffBaseMs: 1 }, outbox);
    outbox.add(other);
    const count = h.wa.sockets.length;
    await other.wake();
    expect(h.wa.sockets.length).toBe(count);
    // The owner dies without releasing (no renewal): once the lease has expired the other instance reopens it.
    await h.t.ctx.db
      .update(wapiSessoes)
      .set({ leaseAte: new Date(Date.now() - 1000) })
      .where(eq(wapiSessoes.canalId, row!.canalId));
    await other.wake();
    await other.idle();
    expect(h.wa.sockets.length).toBe(count + 1);
    expect((await h.t.ctx.db.select().from(wapiSessoes).where(eq(wapiSessoes.canalId, row!.canalId)))[0]!.dono).toBe(other.instance);
    // The old owner's next renewal finds the lease gone and closes its socket instead of fighting.
    await wapiOf(h.t.ctx).wake();
    expect(sock.ended).toBe(true);
    await other.stop();
    const [released] = await h.t.ctx.db.select().from(wapiSessoes).where(eq(wapiSessoes.canalId, row!.canalId));
    expect(released!.dono).toBeNull();
    await wapiOf(h.t.ctx).wake();
    await idle();
    expect(h.wa.sockets.length).toBe(count + 2);
  });
});
