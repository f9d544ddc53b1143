import { Worker } from 'node:worker_threads';
import type { EventLoopUtilization } from 'node:perf_hooks';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { timeQuery } from '../lib/metrics';

/**
 * PGlite on a thread of its own, behind the part of PGlite's API Drizzle uses (query, exec, transaction).
 * Why: PGlite runs Postgres in WebAssembly on the thread that calls it, and while a statement ran no socket,
 * timer or HTTP request was served. Here the statements run on the second core and the main thread only waits
 * for their answers (docs/decisoes/0001-pglite-em-thread-propria.md).
 */
type Request =
  | { op: 'ready' | 'close' | 'begin' }
  | { op: 'query'; tx?: number; sql: string; params?: unknown[]; rowMode?: QueryOptions['rowMode']; text?: number[] }
  | { op: 'exec'; tx?: number; sql: string }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'snapshot'; to: string };
type Reply =
  | { id: number; ok: true; result: unknown }
  /** `ended`: the database stopped with this error (a PANIC), and the thread ends after it. */
  | { id: number; ok: false; error: { message: string } & Record<string, unknown>; ended?: boolean };

/** The message of a call made after close or a worker that died: the error handler answers it as "database unavailable". */
const CLOSED = 'PGlite is closed';
/** Beside this module in src/, beside the bundle in dist/ (build.mjs copies it). */
const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

type Client = Pick<PGlite, 'query' | 'exec'>;

/** A thread on disk whose database stopped opens again after this, then twice as long at each failure, at most the max. */
const RESTART_FIRST_MS = 500;
const RESTART_MAX_MS = 30_000;

export type PGliteThreadOptions = {
  /** On disk: the database stopped (a PANIC, such as a failed sync or a full disk) and opens again in `retryInMs`. */
  onDown?: (err: Error, retryInMs: number) => void;
  /** On disk: it opened again (Postgres recovered its files from the WAL) and answers. */
  onUp?: () => void;
  /** Node options of the thread (tests preload a failing disk with --import). */
  execArgv?: string[];
};

export class PGliteThread {
  private worker!: Worker;
  /** Which thread answers now: a transaction begun on an earlier one can no longer end on this one. */
  private generation = 0;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private next = 1;
  private gone: Error | null = null;
  private closing = false;
  private restartIn = RESTART_FIRST_MS;
  private restartTimer: NodeJS.Timeout | undefined;
  /** The thread's busy share at the previous busyShare() (a new thread starts from nothing). */
  private lastUse: { worker: Worker; elu: EventLoopUtilization } | null = null;
  readonly waitReady: Promise<void>;

  /**
   * `dataDir` null: in memory. On disk, a database that stops is opened again on its files, as a PostgreSQL
   * server restarts after a PANIC: calls meanwhile are refused as "database unavailable"; what was committed
   * is kept (acknowledged = synced).
   */
  constructor(
    private readonly dataDir: string | null,
    private readonly options: PGliteThreadOptions = {},
  ) {
    this.waitReady = this.send({ op: 'ready' }, this.spawn()).then(() => undefined);
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_URL, { workerData: { dataDir: this.dataDir }, execArgv: this.options.execArgv });
    this.worker = worker;
    this.generation++;
    let endedBy: string | undefined;
    worker.on('message', (r: Reply) => {
      if (!r.ok && r.ended) endedBy = r.error.message;
      const w = this.waiting.get(r.id);
      if (!w) return;
      this.waiting.delete(r.id);
      if (r.ok) w.resolve(r.result);
      else w.reject(Object.assign(new Error(r.error.message), r.error));
    });
    worker.on('error', (err) => this.down(worker, err));
    worker.on('exit', (code) => this.down(worker, new Error(endedBy ?? `thread ended (${code})`)));
    return worker;
  }

  /** The thread ended (its database stopped, or close): what waits is refused; on disk it opens again later. */
  private down(worker: Worker, err: Error) {
    if (worker !== this.worker) return;
    this.gone ??= new Error(`${CLOSED}: ${err.message}`);
    for (const w of this.waiting.values()) w.reject(this.gone);
    this.waiting.clear();
    if (this.closing || !this.dataDir || this.restartTimer) return;
    const delay = this.restartIn;
    this.restartIn = Math.min(delay * 2, RESTART_MAX_MS);
    this.options.onDown?.(err, delay);
    this.restartTimer = setTimeout(() => this.restart(), delay);
    this.restartTimer.unref();
  }

  private restart() {
    this.restartTimer = undefined;
    if (this.closing) return;
    const worker = this.spawn();
    this.send({ op: 'ready' }, worker).then(
      () => {
        if (worker !== this.worker || this.closing) return;
        this.gone = null;
        this.restartIn = RESTART_FIRST_MS;
        this.options.onUp?.();
      },
      // It did not open (the disk still fails): this thread ends, and its exit schedules the next try.
      () => void worker.terminate(),
    );
  }

  get closed() {
    return this.gone !== null;
  }

  /** A call to the thread that answers now; `generation`: the one a transaction began on. */
  private call<T>(req: Request, generation = this.generation): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    if (generation !== this.generation) return Promise.reject(new Error(`${CLOSED}: the transaction's thread ended`));
    return this.send(req, this.worker);
  }

  private send<T>(req: Request, worker: Worker): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, ...req });
    });
  }

  /** A statement; the caller's parsers (functions cannot cross threads) are applied here to the columns they name. */
  private async run<T>(
    tx: number | undefined,
    generation: number,
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const parsers = options?.parsers;
    const text = parsers ? Object.keys(parsers).map(Number) : undefined;
    const done = timeQuery('pglite');
    const r = await this.call<Results<T>>({ op: 'query', tx, sql, params, rowMode: options?.rowMode, text }, generation).finally(done);
    if (parsers)
      r.fields.forEach((f, col) => {
        const parse = parsers[f.dataTypeID];
        if (!parse) return;
        for (const row of r.rows as Record<string | number, unknown>[]) {
          const key = options?.rowMode === 'array' ? col : f.name;
          if (row[key] !== null) row[key] = parse(row[key] as string);
        }
      });
    return r;
  }

  private client(tx: number, generation: number): Client {
    return {
      query: <T>(sql: string, params?: unknown[], options?: QueryOptions) => this.run<T>(tx, generation, sql, params, options),
      exec: (sql: string) => this.call<Results[]>({ op: 'exec', tx, sql }, generation),
    } as Client;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.run<T>(undefined, this.generation, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.call<Results[]>({ op: 'exec', sql });
  }

  /** Committed when `work` resolves, rolled back when it throws (PGlite's own lock keeps others out meanwhile). */
  async transaction<T>(work: (tx: Client) => Promise<T>): Promise<T> {
    const generation = this.generation;
    const tx = await this.call<number>({ op: 'begin' }, generation);
    let result: T;
    try {
      result = await work(this.client(tx, generation));
    } catch (err) {
      await this.call({ op: 'end', tx, commit: false }, generation).catch(() => undefined);
      throw err;
    }
    await this.call({ op: 'end', tx, commit: true }, generation);
    return result;
  }

  /**
   * The share of time the thread spent running statements since the previous call (0..1): near 1, queries
   * queue behind each other (the embedded database's ceiling; docs/operacao-metricas.md).
   */
  busyShare(): number {
    const worker = this.worker;
    const now = worker.performance.eventLoopUtilization();
    const last = this.lastUse?.worker === worker ? this.lastUse.elu : undefined;
    this.lastUse = { worker, elu: now };
    return last ? worker.performance.eventLoopUtilization(now, last).utilization : now.utilization;
  }

  /** On disk: copies the data directory to `to` between statements, after a checkpoint (worker's `snapshot`). */
  snapshot(to: string): Promise<void> {
    return this.call({ op: 'snapshot', to });
  }

  async close() {
    if (this.closing) return;
    this.closing = true;
    clearTimeout(this.restartTimer);
    if (!this.gone) await this.call({ op: 'close' }).catch(() => undefined);
    this.gone = new Error(CLOSED);
    await this.worker.terminate();
  }
}
