import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/**
 * PGlite on a thread of its own, behind the part of PGlite's API Drizzle uses (query, exec, transaction).
 * Why: PGlite runs Postgres in WebAssembly on the thread that calls it. The inbound CPU profile at 1,000
 * messages/s on the embedded database: 44 % of the server's main thread was PGlite, and while a statement
 * ran no socket, timer or HTTP request was served (the attendants' sockets timed out under load). Here the
 * statements run on the second core and the main thread only waits for their answers.
 */
type Request =
  | { op: 'ready' | 'close' | 'begin' }
  | { op: 'query'; tx?: number; sql: string; params?: unknown[]; rowMode?: QueryOptions['rowMode']; text?: number[] }
  | { op: 'exec'; tx?: number; sql: string }
  | { op: 'end'; tx: number; commit: boolean };
type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: { message: string } & Record<string, unknown> };

/** The message of a call made after close or a worker that died: the error handler answers it as "database unavailable". */
const CLOSED = 'PGlite is closed';
/** Beside this module in src/, beside the bundle in dist/ (build.mjs copies it). */
const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

type Client = Pick<PGlite, 'query' | 'exec'>;

export class PGliteThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private next = 1;
  private gone: Error | null = null;
  readonly waitReady: Promise<void>;

  /** `dataDir` null: in memory. */
  constructor(dataDir: string | null) {
    this.worker = new Worker(WORKER_URL, { workerData: { dataDir } });
    this.worker.on('message', (r: Reply) => {
      const w = this.waiting.get(r.id);
      if (!w) return;
      this.waiting.delete(r.id);
      if (r.ok) w.resolve(r.result);
      else w.reject(Object.assign(new Error(r.error.message), r.error));
    });
    const fail = (err: Error) => {
      this.gone ??= new Error(`${CLOSED}: ${err.message}`);
      for (const w of this.waiting.values()) w.reject(this.gone);
      this.waiting.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`thread ended (${code})`)));
    this.waitReady = this.call({ op: 'ready' }).then(() => undefined);
  }

  get closed() {
    return this.gone !== null;
  }

  private call<T>(req: Request): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, ...req });
    });
  }

  /** A statement; the caller's parsers (functions cannot cross threads) are applied here to the columns they name. */
  private async run<T>(tx: number | undefined, sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const parsers = options?.parsers;
    const text = parsers ? Object.keys(parsers).map(Number) : undefined;
    const r = await this.call<Results<T>>({ op: 'query', tx, sql, params, rowMode: options?.rowMode, text });
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

  private client(tx?: number): Client {
    return {
      query: <T>(sql: string, params?: unknown[], options?: QueryOptions) => this.run<T>(tx, sql, params, options),
      exec: (sql: string) => this.call<Results[]>({ op: 'exec', tx, sql }),
    } as Client;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.run<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.call<Results[]>({ op: 'exec', sql });
  }

  /** Committed when `work` resolves, rolled back when it throws (PGlite's own lock keeps others out meanwhile). */
  async transaction<T>(work: (tx: Client) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    let result: T;
    try {
      result = await work(this.client(tx));
    } catch (err) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async close() {
    if (this.gone) return;
    await this.call({ op: 'close' }).catch(() => undefined);
    this.gone = new Error(CLOSED);
    await this.worker.terminate();
  }
}
