import { formatUnread } from './format';

/**
 * The visitor's tab when the company answers and nobody is looking (the window closed, or another tab in
 * front): '(N) ' before the site's own title and one soft chime, gone as soon as the visitor reads them.
 */
export class Attention {
  private unseen = 0;
  /** The site's title, and the one we last wrote: a site that retitles its page (an SPA) gives a new base. */
  private base = '';
  private written: string | null = null;
  private audio: AudioContext | null = null;

  constructor(private readonly doc: Document) {}

  /** New messages from the company the visitor has not seen (several at once after a reconnection: one chime). */
  add(n = 1) {
    this.unseen += n;
    this.write();
    this.chime();
  }

  clear() {
    if (this.unseen === 0) return;
    this.unseen = 0;
    this.write();
  }

  private write() {
    if (this.doc.title !== this.written) this.base = this.doc.title;
    this.written = this.unseen > 0 ? `(${formatUnread(this.unseen)}) ${this.base}` : this.base;
    this.doc.title = this.written;
  }

  /**
   * One short rising note, quiet. Browsers let a page sound only after the visitor has interacted with it
   * (which whoever wrote to us has): before that, nothing is tried (no console warning on the site).
   */
  private chime() {
    const Ctx = window.AudioContext;
    if (!Ctx || navigator.userActivation?.hasBeenActive === false) return;
    try {
      this.audio ??= new Ctx();
      const ctx = this.audio;
      void ctx.resume();
      const t = ctx.currentTime;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.setValueAtTime(660, t);
      osc.frequency.exponentialRampToValueAtTime(990, t + 0.12);
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.12, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.35);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + 0.4);
    } catch {
      // No audio device or a site's policy forbids it: the title still tells.
    }
  }
}
