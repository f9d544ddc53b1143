/** After this long without a key press the visitor counts as stopped typing. */
export const TYPING_IDLE_MS = 3000;

/** Sends "typing" once when the visitor starts and "stopped" once when idle or sending, never per key. */
export class TypingSignal {
  private on = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly emit: (typing: boolean) => boolean) {}

  input() {
    if (!this.on) this.on = this.emit(true);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.stop(), TYPING_IDLE_MS);
  }

  stop() {
    clearTimeout(this.timer);
    if (!this.on) return;
    this.on = false;
    this.emit(false);
  }
}
