import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { FakeGraph } from '../../apps/server/src/test/fake-graph';
import { throwawayPostgres } from '../../apps/server/src/test/throwaway-postgres.mjs';
import { freePort, startE2EServer, type E2EServer } from './server';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The proxy configuration the README recommends; the suite runs this very file. */
const HAPROXY_CFG = path.join(ROOT, 'deploy/haproxy.cfg');
/** HAProxy's stickiness cookie (deploy/haproxy.cfg): its value names the instance a client is pinned to. */
/** Debian's, in /usr/sbin (not on every user's PATH); scripts/prepare-machine.mjs installs it when missing. */
const HAPROXY = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
export const STICKY_COOKIE = 'BALCAO_INSTANCIA';
const BUCKET = 'balcao';

export type Instance = 'a' | 'b';

const until = async (what: string | (() => string), check: () => Promise<boolean>, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${typeof what === 'string' ? what : what()}: não aconteceu em ${ms / 1000} s`);
};

/** A process of this machine's (redis-server, haproxy) with its output kept for a failure's message. */
function daemon(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const out: string[] = [];
  const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => out.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => out.push(d.toString()));
  return { child, output: () => out.join('').slice(-2000) };
}

const stopped = (c: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill(signal);
  });

/**
 * A private redis-server (the machine's binary) on a free port: the suite restarts it mid-test, which it must not
 * do to the Redis other suites on this machine share.
 */
async function startRedis() {
  const port = await freePort();
  let proc: ReturnType<typeof daemon>;
  const up = async () => {
    proc = daemon('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    await until(`redis-server na porta ${port}`, async () => proc.output().includes('Ready to accept connections'), 10_000);
  };
  await up();
  return {
    url: `redis://127.0.0.1:${port}`,
    /** Redis goes away (its data with it: nothing is saved), and comes back empty on the same port. */
    halt: () => stopped(proc.child),
    resume: up,
    stop: () => stopped(proc.child),
  };
}

export const GRAPH_TOKEN = `EAAG${'e'.repeat(40)}`;
export const PHONE_NUMBER_ID = '5511400012345';

/**
 * Two Balcão instances as deploy/compose.yaml runs them: one PostgreSQL database, one Redis, one S3 bucket (s3rver,
 * a local S3-compatible server), each its own DATA_DIR, HAProxy in front with deploy/haproxy.cfg.
 */
export async function startCluster(databaseAdminUrl: string) {
  const database = await throwawayPostgres(databaseAdminUrl, 'balcao_escala');
  const redis = await startRedis();
  const s3Dir = mkdtempSync(path.join(tmpdir(), 'balcao-s3-'));
  const s3Port = await freePort();
  const s3 = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await s3.run();
  const graph = await new FakeGraph(GRAPH_TOKEN, PHONE_NUMBER_ID).start();

  // The variables compose.yaml gives every replica (S3 as E1's storage reads them).
  const shared: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    JWT_SECRET: `escala-e2e-jwt-${'x'.repeat(32)}`,
    CHANNEL_SECRET_KEY: `escala-e2e-canais-${'y'.repeat(32)}`,
    TRUST_PROXY: '1',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    WHATSAPP_GRAPH_URL: graph.baseUrl,
    WAPI_SEND_GAP_MS: '0',
    // The Redis test's visitor writes as fast as acknowledgements come back, past a person's 30 a minute.
    WIDGET_MESSAGES_PER_MINUTE: '100000',
  };
  // One at a time: the first seeds the demo account, the second finds it there.
  const servers: Record<Instance, E2EServer> = {
    a: await startE2EServer({ ...shared, SEED_DEMO: 'true' }),
    b: await startE2EServer(shared),
  };

  const proxyPort = await freePort();
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const proxy = daemon(HAPROXY, ['-db', '-f', HAPROXY_CFG], {
    ...process.env,
    BALCAO_PROXY_BIND: `127.0.0.1:${proxyPort}`,
    BALCAO_A: new URL(servers.a.baseUrl).host,
    BALCAO_B: new URL(servers.b.baseUrl).host,
  });
  // Both instances answer through the proxy before any test starts.
  for (const i of ['a', 'b'] as const)
    await until(
      () => `instância ${i} pelo proxy (${proxy.output()})`,
      async () => {
        const res = await fetch(`${proxyUrl}/backend/health`, { headers: { cookie: `${STICKY_COOKIE}=${i}` } });
        return res.ok && res.headers.get('x-balcao-instancia') === i;
      },
    );

  return {
    proxyUrl,
    servers,
    redis,
    graph,
    database,
    s3Dir,
    /** Starts an instance again on its own port (the proxy's address for it), with the fake WhatsApp Web or not. */
    replace: async (i: Instance, opts: { wapiFake?: boolean } = {}) => {
      const port = Number(new URL(servers[i].baseUrl).port);
      await servers[i].stop();
      servers[i] = await startE2EServer(shared, { port, ...opts });
    },
    stop: async () => {
      await stopped(proxy.child);
      for (const s of Object.values(servers)) await s.stop();
      await graph.stop();
      await s3.close();
      await redis.stop();
      await database.drop();
      rmSync(s3Dir, { recursive: true, force: true });
    },
  };
}
export type Cluster = Awaited<ReturnType<typeof startCluster>>;
