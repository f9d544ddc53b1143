import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * One process owns the embedded database under DATA_DIR. The lock is a directory made atomically by
 * `proper-lockfile` (`DATA_DIR/balcao.lock`), kept fresh while the owner lives and stale after STALE_MS
 * without an update (a crashed owner on another host, or a reused pid). Beside it, `balcao.lock.pid` names
 * the owner (pid and host): on the same host a lock whose owner process is gone (kill -9) is taken over at
 * once, so a restart right after a crash is not refused; and one whose owner is alive is not taken over
 * for being late with its update (PGlite runs on the owner's event loop and may hold it for seconds),
 * unless no update came for BUSY_OWNER_STALE_MS.
 */
const STALE_MS = 10_000;
const BUSY_OWNER_STALE_MS = 120_000;
const LOCK_BASE = 'balcao';
const LOCK_NAME = `${LOCK_BASE}.lock`;
const OWNER_NAME = 'balcao.lock.pid';

type Owner = { pid: number; host: string };

/** A second process tried to open an embedded database that another one holds. */
export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(
    readonly dataDir: string,
    readonly owner: Owner | null,
  ) {
    const quem = owner ? `pelo processo ${owner.pid}${owner.host === hostname() ? '' : ` em ${owner.host}`}` : 'por outro processo';
    super(
      `O banco de dados embutido em ${dataDir} já está aberto ${quem} (provavelmente o servidor, npm start). ` +
        'Só um processo pode usá-lo por vez. ' +
        'Pare o servidor antes de rodar este comando, ou, com o servidor rodando, use a API do operador: ' +
        'inicie o servidor com OPERATOR_TOKEN definido e rode o comando com --servidor http://localhost:PORTA ' +
        '(ou BALCAO_OPERATOR_URL) e o mesmo OPERATOR_TOKEN. ' +
        'Para várias instâncias do servidor use PostgreSQL (DATABASE_URL). ' +
        `Se nenhum processo estiver usando ${dataDir}, tente de novo em ${STALE_MS / 1000} segundos.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Directories this process holds (a second open in the same process is refused too). */
const held = new Set<string>();
// proper-lockfile removes its lock directories on exit; the owner records go with them.
process.once('exit', () => {
  for (const dir of held) rmSync(path.join(dir, OWNER_NAME), { force: true });
});

// proper-lockfile keeps its locks by the locked path, so the lock and the takeover mutex lock different
// (never created) paths: DATA_DIR/balcao -> balcao.lock, DATA_DIR/balcao.takeover -> balcao.takeover.lock.
const lockOptions = (dir: string) => ({
  realpath: false,
  stale: STALE_MS,
  // A busy event loop can miss an update; the lock is then reported, never thrown from a timer.
  onCompromised: (err: Error) => console.error(`Aviso: a trava do banco embutido em ${dir} foi perdida (${err.message}).`),
});

function readOwner(dir: string): Owner | null {
  try {
    const owner = JSON.parse(readFileSync(path.join(dir, OWNER_NAME), 'utf8')) as Partial<Owner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? { pid: owner.pid, host: owner.host } : null;
  } catch {
    return null;
  }
}

/** Whether the recorded owner is certainly gone: same host and no such process (or our own pid, not held here). */
function ownerIsGone(dir: string, owner: Owner | null): boolean {
  if (!owner || owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return !held.has(dir);
  return !processExists(owner.pid);
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** A live owner on this host whose lock was updated within BUSY_OWNER_STALE_MS: never taken over. */
function ownerIsAlive(dir: string): boolean {
  const owner = readOwner(dir);
  if (!owner || owner.host !== hostname() || owner.pid === process.pid || !processExists(owner.pid)) return false;
  try {
    return statSync(path.join(dir, LOCK_NAME)).mtimeMs > Date.now() - BUSY_OWNER_STALE_MS;
  } catch {
    return false;
  }
}

async function acquire(dir: string): Promise<() => Promise<void>> {
  const release = await lockfile.lock(path.join(dir, LOCK_BASE), lockOptions(dir));
  writeFileSync(path.join(dir, OWNER_NAME), JSON.stringify({ pid: process.pid, host: hostname() } satisfies Owner));
  return release;
}

/** The lock of a dead owner, removed under a short second lock so that two starters never both take it over. */
async function takeOver(dir: string): Promise<(() => Promise<void>) | null> {
  let releaseMutex: () => Promise<void>;
  try {
    releaseMutex = await lockfile.lock(path.join(dir, `${LOCK_BASE}.takeover`), { ...lockOptions(dir), stale: 2000 });
  } catch {
    return null;
  }
  try {
    if (!ownerIsGone(dir, readOwner(dir))) return null;
    // The owner record goes first: a lock without one is a fresh acquisition in progress, never taken over.
    rmSync(path.join(dir, OWNER_NAME), { force: true });
    rmSync(path.join(dir, LOCK_NAME), { recursive: true, force: true });
    return await acquire(dir).catch(() => null);
  } finally {
    await releaseMutex().catch(() => undefined);
  }
}

/**
 * Takes the lock of `dataDir` before the embedded database opens. Throws DataDirLockedError when another
 * live process holds it. The returned function releases it (also released on process exit).
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const dir = path.resolve(dataDir);
  let release: (() => Promise<void>) | null = null;
  if (!held.has(dir) && !ownerIsAlive(dir)) {
    try {
      release = await acquire(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      release = await takeOver(dir);
    }
  }
  if (!release) throw new DataDirLockedError(dir, readOwner(dir));
  held.add(dir);
  const unlock = release;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    held.delete(dir);
    rmSync(path.join(dir, OWNER_NAME), { force: true });
    await unlock().catch(() => undefined);
  };
}
