// Shared by the benchmarks: start the built server on a throwaway embedded database (or BENCH_DATABASE_URL).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

export async function startServer(env = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const childEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  if (process.env.BENCH_DATABASE_URL) childEnv.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []), 'apps/server/dist/main.js'],
    { env: childEnv, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/backend/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    pid: child.pid,
    rssKb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]),
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function api(base, method, url, body, headers = {}) {
  const res = await fetch(base + url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

export const login = async (base, email) => (await api(base, 'POST', '/backend/api/auth/login', { email, senha: 'balcao-demo' })).token;

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
