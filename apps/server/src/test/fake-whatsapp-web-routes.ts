import { proto, type WAMessage } from 'baileys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { wapiOf } from '../channels/registry';
import type { FakeWhatsAppWeb } from './fake-whatsapp-web';

/** The fake's phone and its customer (e2e only). */
const LOJA = '5511900001111';
const CLIENTE = '5511988887777';

/**
 * Test-only (mounted by the e2e server's entry, test/e2e-main.ts; never in the product): what the phone and the customer
 * would do on WhatsApp's side, done to the fake socket with Baileys' event shapes: the scan, a customer's
 * message, and what Balcão sent.
 */
export const fakeWapiRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; fake: FakeWhatsAppWeb }> = async (app, { ctx, fake }) => {
  /** The phone scans the QR: WhatsApp stores the pairing, closes with 515, and the new socket opens. */
  app.post('/wapi-teste/escanear', async () => {
    const first = fake.last;
    const me = { id: `${LOJA}:7@s.whatsapp.net`, name: 'Loja Demo' };
    first.emit('creds.update', { me, registered: true });
    first.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: Object.assign(new Error('restart required'), { output: { statusCode: 515 } }), date: new Date() },
    });
    await wapiOf(ctx).idle();
    const open = fake.last;
    open.user = me;
    open.emit('connection.update', { connection: 'open' });
    await wapiOf(ctx).idle();
    return { numero: `+${LOJA}` };
  });

  /** WhatsApp accepts a socket opened with the stored pairing (an instance taking the session over). */
  app.post('/wapi-teste/abrir', async () => {
    const open = fake.last;
    open.user = { id: `${LOJA}:7@s.whatsapp.net`, name: 'Loja Demo' };
    open.emit('connection.update', { connection: 'open' });
    await wapiOf(ctx).idle();
    return { ok: true };
  });

  /** How many sockets this instance opened so far (which instance holds the number). */
  app.get('/wapi-teste/sockets', async () => ({ abertos: fake.sockets.length }));

  app.post('/wapi-teste/mensagem', { schema: { body: z.object({ texto: z.string().min(1).max(1000) }) } }, async (req) => {
    const id = `3A${Date.now().toString(16).toUpperCase()}`;
    const msg = proto.WebMessageInfo.fromObject({
      key: { remoteJid: `${CLIENTE}@s.whatsapp.net`, fromMe: false, id },
      message: { conversation: req.body.texto },
      messageTimestamp: Math.floor(Date.now() / 1000),
      pushName: 'Cliente do WhatsApp Web',
    }) as WAMessage;
    fake.last.emit('messages.upsert', { type: 'notify', messages: [msg] });
    await wapiOf(ctx).idle();
    return { id };
  });

  /** The customer records a voice note (an Ogg Opus file's header: what WhatsApp's PTT notes are). */
  app.post('/wapi-teste/audio', async () => {
    const id = `3A${Date.now().toString(16).toUpperCase()}`;
    const ogg = Buffer.alloc(64);
    ogg.write('OggS', 0);
    ogg.write('OpusHead', 28);
    fake.last.media.set(id, ogg);
    const msg = proto.WebMessageInfo.fromObject({
      key: { remoteJid: `${CLIENTE}@s.whatsapp.net`, fromMe: false, id },
      message: { audioMessage: { mimetype: 'audio/ogg; codecs=opus', seconds: 4, ptt: true } },
      messageTimestamp: Math.floor(Date.now() / 1000),
      pushName: 'Cliente do WhatsApp Web',
    }) as WAMessage;
    fake.last.emit('messages.upsert', { type: 'notify', messages: [msg] });
    await wapiOf(ctx).idle();
    return { id };
  });

  /** WhatsApp closes the socket with a DisconnectReason (401: the phone removed the device, 440: opened elsewhere...). */
  app.post('/wapi-teste/fechar', { schema: { body: z.object({ statusCode: z.number().int() }) } }, async (req) => {
    fake.last.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: Object.assign(new Error('closed'), { output: { statusCode: req.body.statusCode } }), date: new Date() },
    });
    await wapiOf(ctx).idle();
    return { ok: true };
  });

  /** Every sendMessage, oldest first: the chat, Baileys' content ({ text }, { text, edit: key }, { delete: key }...) and the id WhatsApp gave it. */
  app.get('/wapi-teste/enviadas', async () =>
    fake.sockets.flatMap((s) => s.sent.map((x) => ({ jid: x.jid, content: x.content, id: x.id }))),
  );
};
