import { CHAT_INTERNO_RECONNECT_DELAYS_MS, CHAT_INTERNO_RETRY_MS } from '@balcao/shared/chat-interno/constants';

/** Spec part 2 §4: the realtime library's connection states, as the spec names them. */
export type TEstadoConexao = 'Disconnected' | 'Connecting' | 'Connected' | 'Reconnecting' | 'Disconnecting';

type TDeps = {
  /** Opens the transport once; the outcome comes back through `connected()` or `failed()`. */
  attempt: () => void;
  onState?: (s: TEstadoConexao) => void;
  delays?: readonly number[];
  retryMs?: number;
};

/**
 * The internal chat's reconnect policy (spec part 2 §4/§9), free of any socket so it can be tested with fake timers:
 * - a connection that drops is retried after 0, 2, 10 and 30 s; when the last of those fails the series stops and
 *   the state is Disconnected;
 * - a check every 3 s starts a new attempt whenever the state is Disconnected (after a failed first start too).
 * While a series is running (Reconnecting) the 3 s check leaves it alone, as the spec's client does.
 */
export class ReconnectScheduler {
  private state: TEstadoConexao = 'Disconnected';
  private step = 0;
  private seriesTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setInterval> | null = null;
  private readonly delays: readonly number[];
  private readonly retryMs: number;

  constructor(private readonly deps: TDeps) {
    this.delays = deps.delays ?? CHAT_INTERNO_RECONNECT_DELAYS_MS;
    this.retryMs = deps.retryMs ?? CHAT_INTERNO_RETRY_MS;
  }

  getState = () => this.state;
  get running() {
    return this.retryTimer !== null;
  }

  /** First connection (after login). Calling it again while running does nothing. */
  start() {
    if (this.running) return;
    this.retryTimer = setInterval(() => this.tick(), this.retryMs);
    this.open('Connecting');
  }

  /** The transport is up: the series ends and starts over at the next drop. */
  connected() {
    if (!this.running) return;
    this.clearSeries();
    this.step = 0;
    this.setState('Connected');
  }

  /** A connection dropped or an attempt failed. */
  failed() {
    if (!this.running) return;
    if (this.state === 'Connected') {
      this.step = 0;
      return this.schedule('Reconnecting');
    }
    if (this.state === 'Reconnecting') {
      this.step += 1;
      if (this.step < this.delays.length) return this.schedule('Reconnecting');
    }
    this.clearSeries();
    this.setState('Disconnected');
  }

  /** Logout or unmount: no more attempts of any kind. */
  stop() {
    if (!this.running && this.state === 'Disconnected') return;
    this.setState('Disconnecting');
    this.clearSeries();
    if (this.retryTimer) clearInterval(this.retryTimer);
    this.retryTimer = null;
    this.setState('Disconnected');
  }

  private tick() {
    if (this.state === 'Disconnected') this.open('Connecting');
  }

  private schedule(state: TEstadoConexao) {
    this.setState(state);
    this.clearSeries();
    this.seriesTimer = setTimeout(() => {
      this.seriesTimer = null;
      this.deps.attempt();
    }, this.delays[this.step] ?? 0);
  }

  private open(state: TEstadoConexao) {
    this.setState(state);
    this.deps.attempt();
  }

  private clearSeries() {
    if (this.seriesTimer) clearTimeout(this.seriesTimer);
    this.seriesTimer = null;
  }

  private setState(s: TEstadoConexao) {
    if (s === this.state) return;
    this.state = s;
    this.deps.onState?.(s);
  }
}
