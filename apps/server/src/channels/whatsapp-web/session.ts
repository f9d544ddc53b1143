import type { AuthenticationCreds, BaileysEventMap } from 'baileys';
import QRCode from 'qrcode';
import { WAPI_TEXTS, type TWapiSessao } from '@balcao/shared/wapi';
import type { WapiAuthStore } from './auth-store';
import type { SocketFactory, SocketOptions, WaSocket } from './socket';

/** Baileys' DisconnectReason codes this session acts on (the enum's values, kept here to load Baileys lazily). */
const REASON = {
  loggedOut: 401,
  forbidden: 403,
  /** Not in Baileys' enum: WhatsApp refuses the client version announced (an outdated WhatsApp Web). */
  versionRefused: 405,
  multideviceMismatch: 411,
  badSession: 500,
  connectionReplaced: 440,
  restartRequired: 515,
} as const;
/** WhatsApp sends a new QR about every 20 s: after this many unscanned ones the session stops (the screen offers to retry). */
const MAX_QR = 3;
/** Reconnect back-off: doubles from 1 s (`backoffBaseMs`) up to 60 s; an unpaired session gives up after 5 tries in a row. */
const BACKOFF_MAX_MS = 60_000;
const MAX_TRIES_UNPAIRED = 5;

/** The wait before reconnect number `tries` (1, 2, ...): doubles from `baseMs`, never more than BACKOFF_MAX_MS. */
export const reconnectDelay = (tries: number, baseMs: number) =>
  Math.min(BACKOFF_MAX_MS, baseMs * 2 ** Math.min(30, Math.max(0, tries - 1)));

export type SessionState = Partial<Omit<TWapiSessao, 'ativo'>> & { qrEmitidos?: number; querConectado?: boolean };
export type SessionHooks = {
  /** A change the screen and the other instances must see (persisted in wapi_sessoes). */
  state(patch: SessionState): Promise<void>;
  /** Retries re-encrypt what we sent: our stored copy, undefined on a miss. */
  getMessage: SocketOptions['getMessage'];
  /** The number asked for a pairing code, if any. */
  pairingNumber(): Promise<string | null>;
  /** The session ended for good (logged out, replaced, given up): the driver forgets it. */
  ended(): void;
  events: {
    [E in 'messages.upsert' | 'messages.update' | 'messages.reaction']: (arg: BaileysEventMap[E], sock: WaSocket) => Promise<void>;
  };
  log: { warn: (o: object, m?: string) => void; info: (o: object, m?: string) => void };
};

const statusOf = (err: unknown): number | undefined => (err as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;
const digitsOfJid = (jid: string | undefined) => (jid ? (jid.split('@')[0] ?? '').split(':')[0]!.replace(/\D/g, '') : '');

/**
 * One account's WhatsApp Web socket, from the QR code to the open connection and back: reconnects at once
 * after the scan (515 restartRequired), with back-off after other closes, clears the keys when the phone logs
 * out (401), yields to another session (440), stops with the reason when retrying cannot help (405 version
 * refused, 500 bad session, 411 multi-device mismatch), stops after MAX_QR unscanned codes. Runs only where the driver
 * holds the account's lease.
 */
export class WapiSession {
  private sock: WaSocket | null = null;
  private creds: AuthenticationCreds | null = null;
  private tries = 0;
  private qrs = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private pairingAsked = false;
  /** Serialises the events of the socket: a close is handled after the open that preceded it. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: WapiAuthStore,
    private readonly factory: SocketFactory,
    private readonly hooks: SessionHooks,
    private readonly backoffBaseMs = 1000,
  ) {}

  /** Tests: resolves once every event received so far is handled. */
  async settled() {
    let seen: Promise<unknown> | null = null;
    while (seen !== this.chain) {
      seen = this.chain;
      await seen;
    }
  }

  get socket() {
    return this.sock;
  }
  get open() {
    return this.isOpen;
  }
  private isOpen = false;

  async start() {
    this.stopped = false;
    this.qrs = 0;
    await this.hooks.state({ estado: 'conectando', qr: null, codigoPareamento: null, erro: null, qrEmitidos: 0 });
    await this.connect();
  }

  private async connect() {
    if (this.stopped) return;
    this.pairingAsked = false;
    const state = await this.store.state();
    this.creds = state.creds;
    const sock = await this.factory({ auth: state, getMessage: this.hooks.getMessage });
    this.sock = sock;
    const queue = (work: () => Promise<unknown>) => {
      this.chain = this.chain.then(work).catch((err) => this.hooks.log.warn({ err }, 'WhatsApp Web: evento não tratado'));
    };
    sock.ev.on('creds.update', (update) => queue(() => this.saveCreds(update)));
    sock.ev.on('connection.update', (u) => queue(() => this.onConnection(sock, u)));
    const on = <E extends keyof SessionHooks['events']>(e: E) =>
      sock.ev.on(e, (arg) => queue(() => (this.sock === sock ? this.hooks.events[e](arg, sock) : Promise.resolve())));
    on('messages.upsert');
    on('messages.update');
    on('messages.reaction');
  }

  private async saveCreds(update: Partial<AuthenticationCreds>) {
    if (!this.creds) return;
    Object.assign(this.creds, update);
    await this.store.saveCreds(this.creds);
  }

  private async onConnection(sock: WaSocket, u: BaileysEventMap['connection.update']) {
    if (this.sock !== sock || this.stopped) return;
    if (u.qr) {
      this.qrs += 1;
      if (this.qrs > MAX_QR) return this.giveUp(WAPI_TEXTS.qrExpirado, { clear: true });
      await this.hooks.state({
        estado: 'qr',
        qr: await QRCode.toDataURL(u.qr, { margin: 1, width: 264 }),
        qrEmitidos: this.qrs,
        erro: null,
      });
      await this.askPairingCode(sock);
    }
    if (u.connection === 'open') {
      this.tries = 0;
      this.qrs = 0;
      this.isOpen = true;
      const numero = digitsOfJid(sock.user?.id);
      await this.hooks.state({
        estado: 'conectado',
        qr: null,
        codigoPareamento: null,
        erro: null,
        qrEmitidos: 0,
        numero: numero ? `+${numero}` : null,
        nome: sock.user?.name ?? null,
      });
    }
    if (u.connection === 'close') {
      this.isOpen = false;
      this.sock = null;
      await this.onClose(statusOf(u.lastDisconnect?.error));
    }
  }

  /** Pairing by code: asked once per socket, after its first QR (the socket is then ready for it). */
  private async askPairingCode(sock: WaSocket) {
    if (this.pairingAsked) return;
    const numero = await this.hooks.pairingNumber();
    if (!numero) return;
    this.pairingAsked = true;
    const codigo = await sock.requestPairingCode(numero);
    await this.hooks.state({ codigoPareamento: codigo });
  }

  /** Pairing by code asked after the QR was already shown: the current socket takes it. */
  async pairingRequested() {
    if (this.sock && !this.isOpen) await this.askPairingCode(this.sock);
  }

  private async onClose(code: number | undefined) {
    if (this.stopped) return;
    if (code === REASON.restartRequired) return this.connect(); // the scan worked: WhatsApp asks for a new socket
    if (code === REASON.loggedOut) return this.giveUp(WAPI_TEXTS.desconectadoNoCelular, { clear: true, forget: true });
    if (code === REASON.connectionReplaced) return this.giveUp(WAPI_TEXTS.substituida, {});
    if (code === REASON.forbidden) return this.giveUp(WAPI_TEXTS.banido, { clear: true, forget: true });
    // Retrying cannot help: the same version is refused again, and a broken or mismatched pairing never heals.
    if (code === REASON.versionRefused) return this.giveUp(WAPI_TEXTS.versaoRecusada, {});
    if (code === REASON.badSession) return this.giveUp(WAPI_TEXTS.sessaoInvalida, { clear: true, forget: true });
    if (code === REASON.multideviceMismatch) return this.giveUp(WAPI_TEXTS.aparelhoIncompativel, { clear: true, forget: true });
    this.tries += 1;
    const paired = Boolean(this.creds?.registered || this.creds?.me);
    if (!paired && this.tries >= MAX_TRIES_UNPAIRED) return this.giveUp(WAPI_TEXTS.semRede, {});
    const wait = reconnectDelay(this.tries, this.backoffBaseMs);
    this.hooks.log.info({ code, tentativa: this.tries, esperaMs: wait }, 'WhatsApp Web: conexão fechada, reconectando');
    await this.hooks.state({ estado: 'conectando', qr: null, erro: WAPI_TEXTS.semRede });
    this.timer = setTimeout(() => void this.reconnect(), wait);
    this.timer.unref();
  }

  private reconnect() {
    this.timer = null;
    this.chain = this.chain.then(() => this.connect()).catch((err) => this.hooks.log.warn({ err }, 'WhatsApp Web: reconexão'));
  }

  /** Stops for good with a reason on the screen; `clear` forgets the pairing, `forget` the number shown. */
  private async giveUp(erro: string, o: { clear?: boolean; forget?: boolean }) {
    this.halt();
    if (o.clear) await this.store.clear();
    await this.hooks.state({
      estado: 'desconectado',
      qr: null,
      codigoPareamento: null,
      erro,
      qrEmitidos: 0,
      querConectado: false,
      ...(o.clear || o.forget ? { numero: null, nome: null } : {}),
    });
    this.hooks.ended();
  }

  private halt() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const sock = this.sock;
    this.sock = null;
    this.isOpen = false;
    sock?.end(undefined);
  }

  /** This instance lets go (shutdown, pause, lease lost): the pairing stays for the next socket. */
  async stop() {
    this.halt();
    await this.chain;
  }

  /** 'Desconectar': logs out on WhatsApp (the phone's linked devices lose it) and forgets every key. */
  async logout() {
    const sock = this.isOpen ? this.sock : null;
    this.stopped = true;
    if (sock) await sock.logout().catch((err) => this.hooks.log.warn({ err }, 'WhatsApp Web: logout'));
    this.halt();
    await this.chain;
    await this.store.clear();
  }
}
