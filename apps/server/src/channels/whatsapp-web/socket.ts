import type {
  AnyMessageContent,
  AuthenticationState,
  BaileysEventMap,
  MiscMessageGenerationOptions,
  proto,
  WAVersion,
  WAMessage,
  WAMessageKey,
} from 'baileys';
import pino from 'pino';
import { loadBaileys } from './baileys';
import { type VersionLookup, WaVersionSource } from './version';

/**
 * The part of a Baileys socket the driver uses: the seam where tests (and the e2e server's entry)
 * put a fake that emits Baileys' own event shapes. Media download lives here too, since it talks to
 * WhatsApp's servers.
 */
export type WaSocket = {
  ev: { on<E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void): void };
  user?: { id: string; name?: string; lid?: string } | undefined;
  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): void;
  downloadMedia(message: WAMessage): Promise<Buffer>;
};

export type SocketOptions = {
  auth: AuthenticationState;
  /** Retries re-encrypt what we sent: the message from our database, undefined when we do not hold it. */
  getMessage: (key: WAMessageKey) => Promise<proto.IMessage | undefined>;
};
export type SocketFactory = (opts: SocketOptions) => Promise<WaSocket>;

/** Baileys logs a lot at info; only its warnings reach our log. */
const baileysLog = pino({ level: process.env.WAPI_LOG_LEVEL ?? 'warn' });

/** WhatsApp Web's own latest version (its service worker names the client revision), asked with Baileys' helper. */
const latestOnline = async (signal: AbortSignal) => {
  const r = await (await loadBaileys()).fetchLatestWaWebVersion({ signal });
  return r.isLatest ? r.version : null;
};
const builtIn = async () => (await loadBaileys()).DEFAULT_CONNECTION_CONFIG.version;

/**
 * The real WhatsApp Web socket (Baileys' makeWASocket); groups, status broadcasts and newsletters are ignored.
 * `wsUrl` replaces WhatsApp's address (tests aim it at a closed port: no network, deterministically);
 * `pinned` is WAPI_VERSION, the WhatsApp Web version announced instead of the latest online or the built-in one.
 */
export const baileysSocket = (o: { wsUrl?: string; pinned?: WAVersion; lookup?: VersionLookup } = {}): SocketFactory => {
  const versions = new WaVersionSource({ pinned: o.pinned, lookup: o.lookup ?? latestOnline, builtIn });
  return async (opts) => {
    const b = await loadBaileys();
    const chosen = await versions.choose();
    baileysLog.info({ versao: chosen.version.join('.'), origem: chosen.origem }, 'WhatsApp Web: versão');
    const sock = b.makeWASocket({
      ...(o.wsUrl ? { waWebSocketUrl: o.wsUrl } : {}),
      version: chosen.version,
      auth: opts.auth,
      getMessage: opts.getMessage,
      logger: baileysLog,
      browser: b.Browsers.ubuntu('Balcão'),
      markOnlineOnConnect: false,
      syncFullHistory: false,
      shouldIgnoreJid: (jid) => Boolean(b.isJidGroup(jid) || b.isJidBroadcast(jid) || b.isJidNewsletter(jid)),
    });
    return {
      ev: sock.ev,
      get user() {
        return sock.user;
      },
      sendMessage: (jid, content, options) => sock.sendMessage(jid, content, options),
      readMessages: (keys) => sock.readMessages(keys),
      requestPairingCode: (phone) => sock.requestPairingCode(phone),
      logout: (msg) => sock.logout(msg),
      end: (err) => sock.end(err),
      downloadMedia: (message) =>
        b.downloadMediaMessage(message, 'buffer', {}, { logger: baileysLog, reuploadRequest: sock.updateMediaMessage }) as Promise<Buffer>,
    };
  };
};
