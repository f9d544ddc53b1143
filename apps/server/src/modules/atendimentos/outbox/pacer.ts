import type { Pace } from './types';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One channel's pace: `run` waits its turn, then sends; `quiet` once a new lane could not burst past it. */
export interface Pacer {
  run<T>(fn: () => Promise<T>): Promise<T>;
  quiet(): boolean;
}

/** At most `perSecond` sends in any second (Meta's per-number throughput; env WHATSAPP_SENDS_PER_SECOND); sends may overlap. */
export class RatePacer implements Pacer {
  private sent: number[] = [];
  constructor(private readonly perSecond: number) {}

  async take() {
    for (;;) {
      const now = Date.now();
      this.sent = this.sent.filter((t) => now - t < 1000);
      if (this.sent.length < this.perSecond) {
        this.sent.push(now);
        return;
      }
      await sleep(1000 - (now - this.sent[0]!));
    }
  }

  async run<T>(fn: () => Promise<T>) {
    await this.take();
    return fn();
  }

  quiet() {
    return this.sent.every((t) => Date.now() - t >= 1000);
  }
}

/**
 * One send at a time, at least `gapMs` between one's end and the next's start, plus up to half again of jitter: WhatsApp bans numbers that burst
 * like bulk senders.
 */
export class GapPacer implements Pacer {
  private lastSend = 0;
  private turn: Promise<unknown> = Promise.resolve();
  constructor(private readonly gapMs: number) {}

  run<T>(fn: () => Promise<T>): Promise<T> {
    const mine = this.turn.then(async () => {
      const wait = this.lastSend + this.gapMs * (1 + Math.random() * 0.5) - Date.now();
      if (this.gapMs > 0 && wait > 0) await sleep(wait);
      // Counted from the end of the send (its preparation and the provider's answer included): the gap is never shortened.
      try {
        return await fn();
      } finally {
        this.lastSend = Date.now();
      }
    });
    this.turn = mine.catch(() => undefined);
    return mine;
  }

  /** Kept past the longest gap (1.5 x gapMs), so a number that comes back at once cannot burst. */
  quiet() {
    return Date.now() - this.lastSend > this.gapMs * 1.5;
  }
}

export const pacerFor = (pace: Pace): Pacer => ('perSecond' in pace ? new RatePacer(pace.perSecond) : new GapPacer(pace.gapMs));
