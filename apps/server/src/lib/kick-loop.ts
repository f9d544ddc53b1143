/**
 * Runs `work` one pass at a time: a kick while a pass runs asks for exactly one more pass after it, so what
 * was queued during the pass is never missed and passes never overlap (the send queues, the webhook processor).
 */
export class KickLoop {
  private running: Promise<void> | null = null;
  private again = false;
  constructor(private readonly work: () => Promise<void>) {}

  kick() {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.work().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Whether a pass runs (a kick during one keeps it busy through the next). */
  get busy() {
    return this.running !== null;
  }

  /** Resolves once no pass runs (tests; shutdown). */
  async idle() {
    while (this.running) await this.running;
  }
}
