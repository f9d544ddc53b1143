/**
 * Most deliveries of one channel handed to the processor in a second. The benchmark sends up to 1,000 a second
 * to one number; past this, a flood of small deliveries is taken at this pace (stored first: never dropped).
 */
const MAX_ENTREGAS_POR_SEGUNDO = 2_000;

/**
 * Hands each channel's deliveries on at most `perSecond` a second, in arrival order (one queue per channel:
 * a customer's messages keep their order). What waits is already stored, so a crash meanwhile loses nothing:
 * the processor's sweep takes it once its claim runs out.
 */
export class ChannelPace {
  private readonly queues = new Map<string, { recent: number[]; tail: Promise<void>; pending: number }>();
  constructor(private readonly perSecond = MAX_ENTREGAS_POR_SEGUNDO) {}

  hand(canalId: string, work: () => void) {
    const q = this.queues.get(canalId) ?? { recent: [], tail: Promise.resolve(), pending: 0 };
    this.queues.set(canalId, q);
    const now = Date.now();
    q.recent = q.recent.filter((t) => now - t < 1000);
    // Within the pace and nobody waiting: at once, as before (no promise hop on the hot path).
    if (q.pending === 0 && q.recent.length < this.perSecond) {
      q.recent.push(now);
      work();
      return;
    }
    q.pending++;
    q.tail = q.tail.then(async () => {
      for (;;) {
        const at = Date.now();
        q.recent = q.recent.filter((t) => at - t < 1000);
        if (q.recent.length < this.perSecond) break;
        await new Promise((r) => setTimeout(r, 1000 - (at - q.recent[0]!)));
      }
      q.recent.push(Date.now());
      q.pending--;
      work();
      if (q.pending === 0 && this.queues.get(canalId) === q) this.queues.delete(canalId);
    });
  }
}
