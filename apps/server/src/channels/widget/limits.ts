/** A token bucket: `capacity` at most, refilled at `perSecond`; each event takes one token or is refused. */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = capacity;
    this.at = now();
  }

  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((t - this.at) / 1000) * this.perSecond);
    this.at = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

type Slot<T> = { sent?: T; at: number; pending?: T; timer?: ReturnType<typeof setTimeout>; send: (value: T) => void };

/**
 * At most one change per `intervalMs` for each key: a value equal to the last one sent is dropped; a change
 * that comes too soon waits, and only the latest value is sent when the interval is over.
 */
export class Coalescer<T> {
  private readonly slots = new Map<string, Slot<T>>();

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  push(key: string, value: T, send: (value: T) => void) {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { at: Number.NEGATIVE_INFINITY, send };
      this.slots.set(key, slot);
    }
    slot.send = send;
    if (slot.timer) {
      slot.pending = value;
      return;
    }
    if (slot.sent === value) return;
    const wait = slot.at + this.intervalMs - this.now();
    if (wait <= 0) return this.deliver(slot, value);
    slot.pending = value;
    const s = slot;
    s.timer = setTimeout(() => {
      s.timer = undefined;
      const v = s.pending as T;
      s.pending = undefined;
      if (v !== s.sent) this.deliver(s, v);
    }, wait);
  }

  /** Drops what is waiting for this key (the visitor left: the disconnect says the rest). */
  forget(key: string) {
    const slot = this.slots.get(key);
    if (slot?.timer) clearTimeout(slot.timer);
    this.slots.delete(key);
  }

  private deliver(slot: Slot<T>, value: T) {
    slot.sent = value;
    slot.at = this.now();
    slot.send(value);
  }
}
