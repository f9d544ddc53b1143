type Pending<I, O> = { input: I; resolve: (r: O) => void; reject: (e: unknown) => void };

/**
 * One item's own failure inside a batch that was otherwise written: only that item's caller sees it. For a
 * write that has committed part of a batch when an item fails, where writing each item again on its own
 * would find the others already written.
 */
export class ItemFailed {
  constructor(readonly error: unknown) {}
}
const settle = <O>(p: Pending<unknown, O>, r: O | ItemFailed) => (r instanceof ItemFailed ? p.reject(r.error) : p.resolve(r));

/**
 * Writes what arrives while the previous write is running in one go (group commit; reads too, as one lookup
 * for many: the session check). Nothing waits for a timer: alone, an item is written at once; under load, a
 * batch holds what queued meanwhile (at most `max`).
 * Why: the embedded database (PGlite) runs one statement at a time in this thread and every commit writes
 * to disk, so a burst written one statement each queues behind itself (docs/desempenho.md). If a batch fails, each item is written on its own,
 * so one bad item cannot sink the others.
 */
export class WriteBatcher<I, O> {
  private queue: Pending<I, O>[] = [];
  private running = false;
  private idleWaiters: (() => void)[] = [];
  constructor(
    private readonly write: (items: I[]) => Promise<(O | ItemFailed)[]>,
    private readonly max: number,
  ) {}

  /** Resolves once every item submitted so far is written (or has failed) and nothing is queued. */
  idle(): Promise<void> {
    if (!this.running && !this.queue.length) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  submit(input: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain() {
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.max);
      try {
        const results = await this.write(batch.map((p) => p.input));
        for (const [k, p] of batch.entries()) settle(p, results[k]!);
      } catch (err) {
        if (batch.length === 1) batch[0]!.reject(err);
        else
          for (const p of batch)
            await this.write([p.input]).then(
              (r) => settle(p, r[0]!),
              (e) => p.reject(e),
            );
      }
    }
    this.running = false;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
