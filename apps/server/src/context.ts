import type { Server as SocketServer } from 'socket.io';
import type { Db } from './lib/db';
import type { SecretCipher } from './lib/cipher';
import type { LoginThrottle } from './lib/login-throttle';
import type { RateCounter } from './lib/rate-counter';
import type { Mailer } from './lib/mailer';
import type { TokenService } from './lib/tokens';
import type { ChannelRegistry } from './channels/driver';
import type { WapiConfig } from './channels/whatsapp-web/config';
import { silentPublisher, type AtendimentoPublisher } from './modules/atendimentos/publisher';
import type { ChatPublisher } from './modules/chat-interno/notify';
import { silentTrackerPublisher, type TrackerPublisher } from './modules/tracker/publisher';
import type { LicencaPagamentos } from './payments/config';
import type { EmbeddedBackup } from './operator/backup';
import type { Storage } from './lib/storage';
import type { IaDefaults } from './modules/ia/provider';
import type { VapidKeys } from './lib/vapid';
import type { PushSend } from './modules/notificacoes/web-push';

/** How modules tell connected clients about a change, without knowing the socket layer (realtime/publishers.ts). */
export type Publishers = { atendimentos: AtendimentoPublisher; chatInterno: ChatPublisher; tracker?: TrackerPublisher };

/** What routes and services are given: no globals, so tests build as many apps as they like. */
export type AppContext = {
  db: Db;
  tokens: TokenService;
  mailer: Mailer;
  throttle: LoginThrottle;
  /** Visitor rate limits and other fixed-window counters. */
  rates: RateCounter;
  /** Encrypts channel secrets at rest. */
  cipher: SecretCipher;
  /** Visitor limits per minute (env WIDGET_MESSAGES_PER_MINUTE, WIDGET_SESSIONS_PER_MINUTE). */
  widgetLimits: { messagesPerMinute: number; sessionsPerMinute: number };
  /** Where uploads live: DATA_DIR/uploads, or the S3 bucket (lib/storage). */
  storage: Storage;
  /** Origin of e-mailed and shown links: PUBLIC_URL or http://localhost:PORT, never a request header (lib/public-origin). */
  publicUrl: string;
  /** OPERATOR_TOKEN: turns the operator API (/backend/operador) on; unset, it answers 404. */
  operatorToken?: string;
  /** METRICS_TOKEN: turns GET /backend/metrics on; unset, it answers 404. */
  metricsToken?: string;
  /** GRAFANA_URL: where /grafana sends the operator. */
  grafanaUrl?: string;
  /** POSTHOG_KEY and POSTHOG_HOST: the web's product analytics (GET /backend/api/public/config); unset, none. */
  telemetria?: { chave: string; host: string };
  /** The embedded default on disk: what the operator's backup copies (GET /backend/operador/backup). */
  embeddedBackup?: EmbeddedBackup;
  /** Set once Socket.IO is attached (after the HTTP server exists). */
  io?: SocketServer;
  /**
   * The modules' way to tell staff and customers about changes (realtime/publishers.ts), built once with the
   * channel drivers; it works before and without the socket server (webhooks, jobs). Unset: nobody is told.
   */
  publish?: Publishers;
  /** The channel drivers by type (channels/registry.ts): delivery to customers, capabilities. */
  channels?: ChannelRegistry;
  /** WhatsApp Cloud API: WHATSAPP_GRAPH_URL, WHATSAPP_GRAPH_VERSION, WHATSAPP_SENDS_PER_SECOND (defaults: Meta's, a current version, 80). */
  whatsapp?: { graphUrl?: string; graphVersion?: string; sendsPerSecond?: number };
  /** WhatsApp Web (channels/whatsapp-web): the socket factory (Baileys, or a fake), send pacing, lease timings. */
  wapi?: Partial<WapiConfig>;
  /** The licence's PIX payments (payments/): provider from PIX_PROVIDER, webhook checks, prices. Unset: no provider. */
  licencaPagamentos?: LicencaPagamentos;
  /** The AI assistant's operator defaults (env IA_*): provider, models, monthly token cap per account. */
  ia?: IaDefaults;
  secureCookies: boolean;
  /** Web Push's keys (lib/vapid.ts): unset, no push is sent and the public config names no key. */
  vapid?: VapidKeys;
  /** How one push is sent (modules/notificacoes/web-push.ts); tests may give another. */
  pushSend?: PushSend;
};

/** The atendimento publisher of a context (a silent one when none was wired). */
export const atendimentoEvents = (ctx: Pick<AppContext, 'publish'>): AtendimentoPublisher => ctx.publish?.atendimentos ?? silentPublisher;

/** The tracker publisher of a context (a silent one when none was wired). */
export const trackerEventsOf = (ctx: Pick<AppContext, 'publish'>): TrackerPublisher => ctx.publish?.tracker ?? silentTrackerPublisher;
