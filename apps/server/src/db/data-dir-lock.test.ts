import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZEnv } from '../env';
import { type Running, startServer } from '../server';
import { openPglite, type Database } from './client';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import { accounts } from './schema/accounts';
import { emailOutbox } from './schema/outbox';

const SERVER_SRC = fileURLToPath(new URL('..', import.meta.url));
const ROOT = path.resolve(SERVER_SRC, '../../..');
const OPERATOR_TOKEN = 'operador-de-teste-0123456789';

type Exit = { code: number | null; stdout: string; stderr: string };

/** Runs a server entry point from source in a process of its own (the CLI, the server, a lock holder). */
function run(args: string[], env: Record<string, string>, onLine?: (line: string) => void) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', ...env };
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  delete childEnv.BALCAO_OPERATOR_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (onLine) for (const line of d.toString().split('\n')) onLine(line);
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<Exit>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
  return { child, exited };
}

const cli = (dataDir: string, extra: string[] = [], env: Record<string, string> = {}) =>
  run([path.join(SERVER_SRC, 'cli/account-create.ts'), ...extra], { DATA_DIR: dataDir, ...env }).exited;

describe('one process per embedded database (DATA_DIR lock)', () => {
  let dataDir: string;
  let database: Database;
  let running: Running;
  let base: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-lock-'));
    database = await openPglite(dataDir);
    const env = ZEnv.parse({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false', OPERATOR_TOKEN });
    running = await startServer({ ...env, dataDir }, { database });
    base = `http://127.0.0.1:${(running.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await running?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second opener in this process with a message that says what to do', async () => {
    const err = await openPglite(dataDir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect((err as Error).message).toContain(`O banco de dados embutido em ${dataDir} já está aberto pelo processo ${process.pid}`);
    expect((err as Error).message).toContain('Pare o servidor');
    expect((err as Error).message).toContain('--servidor');
  });

  it('stops the CLI in another process while the server runs, and creates nothing', async () => {
    const r = await cli(dataDir, ['--nome', 'Loja Perdida', '--email', 'perdida@teste.local']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`já está aberto pelo processo ${process.pid}`);
    expect(r.stderr).toContain('OPERATOR_TOKEN');
    expect(r.stdout).not.toContain('Conta criada');
    expect(await database.db.select().from(accounts)).toHaveLength(0);
  }, 120_000);

  it('stops a second server on the same DATA_DIR before it listens', async () => {
    const r = await run([path.join(SERVER_SRC, 'main.ts')], { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }).exited;
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`já está aberto pelo processo ${process.pid}`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);

  it('creates the account through the running server when the CLI is given --servidor and OPERATOR_TOKEN', async () => {
    const r = await cli(dataDir, ['--nome', 'Loja Via Servidor', '--email', 'via@teste.local', '--servidor', base], { OPERATOR_TOKEN });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Conta criada pelo servidor ${base}: Loja Via Servidor (databaseName "loja-via-servidor")`);
    expect(await database.db.select().from(accounts).where(eq(accounts.databaseName, 'loja-via-servidor'))).toHaveLength(1);
    const viaMail = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'via@teste.local'));
    expect(viaMail).toHaveLength(1);
    // The server's configured origin (no PUBLIC_URL: http://localhost and the port it listens on).
    expect(viaMail[0]!.text).toContain(`http://localhost:${new URL(base).port}/atendimentos?token=`);

    const wrong = await cli(dataDir, ['--nome', 'Loja X', '--email', 'x@teste.local', '--servidor', base], {
      OPERATOR_TOKEN: `${OPERATOR_TOKEN}-errado`,
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('O OPERATOR_TOKEN informado não confere com o do servidor.');
  }, 120_000);

  it('lets the CLI open the database itself once the server is stopped, and the account stays', async () => {
    await running.close();
    await database.close();
    const r = await cli(dataDir, ['--nome', 'Loja Direta', '--email', 'direta@teste.local'], { PORT: '4321' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Conta criada: Loja Direta (databaseName "loja-direta")');
    database = await openPglite(dataDir);
    const names = (await database.db.select().from(accounts)).map((a) => a.databaseName).sort();
    expect(names).toEqual(['loja-direta', 'loja-via-servidor']);
    const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'direta@teste.local'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Entre por http://localhost:4321/login');
    expect(mails[0]!.text).toMatch(/http:\/\/localhost:4321\/atendimentos\?token=[\w-]+\.[\w-]+\.[\w-]+/);
  }, 180_000);
});

describe('the lock of another process on this host', () => {
  it('is kept while the owner lives, even late with its update, and taken over at once after SIGKILL', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'balcao-lock-kill-'));
    try {
      const holder = `import(${JSON.stringify(path.join(SERVER_SRC, 'db/data-dir-lock.ts'))}).then((m) => m.lockDataDir(process.env.DATA_DIR)).then(() => { console.log('travado'); setInterval(() => {}, 1000); });`;
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const { child, exited } = run(['--input-type=module', '-e', holder], { DATA_DIR: dir }, (line) => line === 'travado' && locked());
      await Promise.race([isLocked, exited.then((r) => Promise.reject(new Error(`holder exited: ${r.stderr}`)))]);

      const refused = await lockDataDir(dir).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect((refused as Error).message).toContain(`pelo processo ${child.pid}`);
      // A live owner late with its update (its event loop busy in PGlite) keeps the lock.
      const late = new Date(Date.now() - 30_000);
      utimesSync(path.join(dir, 'balcao.lock'), late, late);
      expect(await lockDataDir(dir).catch((e: unknown) => e)).toBeInstanceOf(DataDirLockedError);

      child.kill('SIGKILL');
      await exited;
      expect(existsSync(path.join(dir, 'balcao.lock'))).toBe(true);
      // Well inside the 10 s staleness window: the dead owner is recognised by its pid, not by waiting.
      const release = await lockDataDir(dir);
      await release();
      expect(existsSync(path.join(dir, 'balcao.lock'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
