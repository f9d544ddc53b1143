import { EventEmitter } from 'node:events';
import type { AnyMessageContent, BaileysEventMap, MiscMessageGenerationOptions, WAMessage, WAMessageKey } from 'baileys';
import type { SocketFactory, SocketOptions, WaSocket } from '../channels/whatsapp-web/socket';

/** The text of what was sent (a text message, or an edit's new text); undefined for media, reactions, deletions. */
export const textOf = (content: AnyMessageContent) => (content as { text?: string }).text;

/**
 * A WhatsApp Web socket that never touches the network: tests (and the e2e server, with the
 * routes of fake-whatsapp-web-routes.ts) emit Baileys' events and read what was sent.
 */
export class FakeWaSocket implements WaSocket {
  private readonly emitter = new EventEmitter();
  readonly ev = {
    on: <E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void) => {
      this.emitter.on(event, listener);
    },
  };
  user: WaSocket['user'] = undefined;
  /** What sendMessage got, with the id it answered (the key a later edit or delete names). */
  readonly sent: { jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions; id: string }[] = [];
  readonly read: WAMessageKey[][] = [];
  readonly pairingAsked: string[] = [];
  readonly media = new Map<string, Buffer>();
  loggedOut = false;
  ended = false;
  /** Message ids are WhatsApp's, unique across the sockets of a number (a reconnection never repeats one). */
  private static sentCount = 0;

  constructor(readonly opts: SocketOptions) {}

  /** The texts sent through this socket, in order. */
  get texts() {
    return this.sent.map((s) => textOf(s.content));
  }

  emit<E extends keyof BaileysEventMap>(event: E, arg: BaileysEventMap[E]) {
    this.emitter.emit(event, arg);
  }

  private readonly failures: unknown[] = [];
  /** The next sends throw these, in order (Baileys throws a Boom: `output.statusCode` is its DisconnectReason). */
  failNext(...errors: unknown[]) {
    this.failures.push(...errors);
  }

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions) {
    if (this.failures.length) throw this.failures.shift();
    FakeWaSocket.sentCount += 1;
    const id = `3EB0FAKE${FakeWaSocket.sentCount}`;
    this.sent.push({ jid, content, ...(options ? { options } : {}), id });
    return { key: { remoteJid: jid, fromMe: true, id } } as WAMessage;
  }
  async readMessages(keys: WAMessageKey[]) {
    this.read.push(keys);
  }
  async requestPairingCode(phone: string) {
    this.pairingAsked.push(phone);
    return 'BALC4O12';
  }
  async logout() {
    this.loggedOut = true;
  }
  end() {
    this.ended = true;
  }
  async downloadMedia(message: WAMessage) {
    const bytes = this.media.get(message.key.id ?? '');
    if (!bytes) throw new Error('mídia não encontrada');
    return bytes;
  }
}

/**
 * The factory handed to the driver: every socket it made, newest last. Tests drive each socket themselves;
 * with `autoQr` (the e2e switch) a socket of a session never paired shows a QR code by itself, as WhatsApp does.
 */
export class FakeWhatsAppWeb {
  readonly sockets: FakeWaSocket[] = [];
  constructor(private readonly autoQr = false) {}
  readonly factory: SocketFactory = async (opts) => {
    const s = new FakeWaSocket(opts);
    this.sockets.push(s);
    if (this.autoQr && !opts.auth.creds.registered)
      setTimeout(() => s.emit('connection.update', { qr: `2@e2e-${this.sockets.length},fake-ref,fake-key` }), 50);
    return s;
  };
  get last(): FakeWaSocket {
    const s = this.sockets[this.sockets.length - 1];
    if (!s) throw new Error('nenhum socket criado');
    return s;
  }
}
