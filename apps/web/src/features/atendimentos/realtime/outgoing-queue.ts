import type { TSendAck } from '@balcao/shared/atendimentos';
import { isTransientAck } from '@balcao/shared/hubs';

/** Sends one queued item; rejects when the transport failed (not connected, no ack in time). */
export type TQueueSend = (json: string) => Promise<TSendAck>;
export type TQueueItem = { clientId: string; json: string };

/**
 * An outgoing queue of spec part 2 §4: items are JSON strings of a TEnviarMensagem, kept until the
 * server acknowledges them, and sent one after another so the server stores them in the order typed.
 * A transport failure, or a refusal whose code says it was not about the message (the database was away),
 * stops the flush with the item still at the head (the 5 s check resends it); any other refusal
 * (`{ ok: false, code }`) takes the item out, since resending would be refused again: the screen marks it
 * failed and the attendant retries it by hand (same clientId, stored once).
 */
export class OutgoingQueue {
  private items: TQueueItem[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly send: TQueueSend,
    private readonly onAck: (clientId: string, ack: TSendAck) => void,
  ) {}

  get size() {
    return this.items.length;
  }

  snapshot(): readonly TQueueItem[] {
    return [...this.items];
  }

  /** Adds a message; the same clientId twice stays one item (a retry of a message still queued). */
  enqueue(json: string): TQueueItem {
    const clientId = clientIdOf(json);
    const existing = this.items.find((i) => i.clientId === clientId);
    if (existing) return existing;
    const item = { clientId, json };
    this.items.push(item);
    return item;
  }

  /** Another user signed in on this tab: what the previous one queued is not theirs to send. */
  clear() {
    this.items = [];
  }

  has(clientId: string) {
    return this.items.some((i) => i.clientId === clientId);
  }

  /** Sends the queue in order; a second call while one runs joins it (items added meanwhile go too). */
  flush(): Promise<void> {
    this.flushing ??= this.drain().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    for (let head = this.items[0]; head; head = this.items[0]) {
      let ack: TSendAck;
      try {
        ack = await this.send(head.json);
      } catch {
        return; // transport failure: keep the head and everything behind it for the next check
      }
      if (!ack.ok && isTransientAck(ack)) return;
      this.items = this.items.filter((i) => i !== head);
      this.onAck(head.clientId, ack);
    }
  }
}

function clientIdOf(json: string): string {
  const parsed = JSON.parse(json) as { clientId?: unknown };
  if (typeof parsed.clientId !== 'string' || !parsed.clientId) throw new Error('Queued message without clientId');
  return parsed.clientId;
}
