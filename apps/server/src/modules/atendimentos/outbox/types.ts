import type { TCapacidadesCanal, TProvedorCanal } from '@balcao/shared/canais';
import type { CanalRow, MensagemRow } from '../../../db/schema/atendimentos';

/** The customer a message goes to, as the channel knows them (a number, a provider's id, a BSUID). */
export type OutboundCliente = { numero: string | null; identificador: string | null; bsuid: string | null };

/** Another message of the conversation a send names (the one it replies or reacts to). */
type OutboundTarget = { externalId: string | null; autor: MensagemRow['autor']; conteudo: string };

/** One stored message the outbox hands a driver to send, with where it goes. */
export type OutboundMessage = {
  mensagem: MensagemRow;
  canal: CanalRow;
  cliente: OutboundCliente;
  /** The text the customer reads: the stored one, or the rating invite with the customer's own link (staff never see its token). */
  texto: string;
  /** A message of the same conversation by our id (reply, reaction), or null when it is not stored. */
  target(id: string): Promise<OutboundTarget | null>;
  /** Stores the provider's id before the send: a provider that echoes our own messages back then knows the echo. */
  expectEcho(externalId: string): Promise<void>;
};

/**
 * What a send came to: sent (with the provider's id), try again later (after `retryAfterMs`, or the outbox's
 * back-off when null; `reason` is what the attendant reads when the tries run out), failed for good with a
 * Portuguese reason for the attendant, or never handed over (`notReady`: the channel closed meanwhile; the try
 * is not counted and the message waits for the channel).
 */
export type SendResult =
  | { externalId: string }
  | { retryAfterMs: number | null; reason: string }
  | { permanent: string }
  | { notReady: true };

/** How fast one channel sends: at most `perSecond` in any second, or one at a time `gapMs` apart (plus jitter). */
export type Pace = { perSecond: number } | { gapMs: number };

/**
 * A provider whose sends go through the outbox (capabilities.confirmaEntrega): it sends one message when
 * asked and declares what it carries; claiming, pacing, retries and settling are the outbox's.
 */
export interface OutboundDriver {
  readonly tipo: TProvedorCanal;
  readonly capabilities: TCapacidadesCanal;
  readonly pace: Pace;
  send(message: OutboundMessage): Promise<SendResult>;
  /** Whether this process can send on the channel now (a paired socket open here); absent: always. */
  ready?(canalId: string): boolean;
  /** Which of its channels open here have other queued work (edits, read receipts) for `afterSends`. */
  otherWork?(): Promise<string[]>;
  /** A send settled with the provider's id: a status the provider told before it (kept by the driver) applies now. */
  settled?(canalId: string, externalId: string): Promise<void>;
  /** The channel's other queued work after its sends, paced like them; answers how much it did (0: nothing waited). */
  afterSends?(canalId: string, paced: <T>(fn: () => Promise<T>) => Promise<T>): Promise<number>;
}

/** What the channel registry and the drivers need of the outbox (outbox.ts implements it). */
export interface OutboxPort {
  add(driver: OutboundDriver): void;
  /** A channel has something new to send (its own instance stored it). */
  kick(canalId: string, tipo: TProvedorCanal): void;
  /** Every channel with due work that this process can send on. */
  kickAll(): void;
  /** Resolves once nothing is being sent (tests; shutdown). */
  idle(): Promise<void>;
  start(log: { error: (o: object, m?: string) => void }): Promise<void>;
  stop(): Promise<void>;
}
