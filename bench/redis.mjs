// Two server instances sharing one PostgreSQL database and one Redis (Socket.IO's Redis streams adapter,
// REDIS_URL) against one instance with the in-memory adapter, under the same inbound mix: visitors on
// instance A, webhooks to instance B, the 20 attendant sockets half on each. What the Redis hop adds is read
// on the sockets of the other instance than the one each message entered (`attendantSocketAcross`), against
// the one instance's sockets. PostgreSQL only (PGlite is one process). BENCH_REDIS_RATES (default
// 1000,2000), BENCH_SECONDS (default 30), BENCH_WARMUP_SECONDS (default 10: two cold servers take longer
// to warm than one). Needs BENCH_DATABASE_URL and redis-server.
import { spawn } from 'node:child_process';
import { freePort, freshPostgres, raiseFileLimit, sleep, startServer, writeResult } from './lib.mjs';
import { openReceivers, openVisitors, runMix, setupProject, waIds } from './mix.mjs';

const RATES = (process.env.BENCH_REDIS_RATES ?? '1000,2000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const SIZE = { visitors: 100, attendants: 20 };
const LIMITS = { WIDGET_MESSAGES_PER_MINUTE: '1000000', WIDGET_SESSIONS_PER_MINUTE: '1000000' };

raiseFileLimit();
const redisPort = await freePort();
const redis = spawn('redis-server', ['--port', String(redisPort), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
await sleep(500);
const redisUrl = `redis://127.0.0.1:${redisPort}`;

async function measure(instances, rate) {
  const db = await freshPostgres(process.env.BENCH_DATABASE_URL);
  const servers = [];
  let receivers;
  let visitors = [];
  try {
    // Instances of one deployment share their secrets (tokens signed on A are valid on B, and so on).
    const secrets = {
      JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
      CHANNEL_SECRET_KEY: 'bench-channel-key-0123456789abcdef01234567',
    };
    const env = instances === 2 ? { ...LIMITS, ...secrets, REDIS_URL: redisUrl } : { ...LIMITS, ...secrets };
    servers.push(await startServer({ env, databaseUrl: db.url }));
    if (instances === 2) servers.push(await startServer({ env, databaseUrl: db.url, seed: false }));
    const [a, b = a] = servers;
    const setup = await setupProject(a.base, SIZE);
    receivers = await openReceivers({
      base: servers.map((s) => s.base),
      auths: setup.staffAuths,
      messages: Math.round(rate * (SECONDS + WARMUP_SECONDS)),
    });
    visitors = await openVisitors(a.base, setup.visitorAuths);
    const webhookUrl = setup.webhookUrl.replace(a.base, b.base);
    // Widget messages (even) enter A, webhooks (odd) B; receiver sockets alternate A, B.
    const across = instances === 2 ? (n, slot) => (n + slot) % 2 === 1 : undefined;
    const r = await runMix({
      visitors,
      webhookUrl,
      customers: waIds(SIZE.visitors),
      receivers,
      rate,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      across,
    });
    const { duplicated, lostConnections } = await receivers.stop();
    receivers = null;
    const other = r.attendantSocketAcross?.otherInstance;
    console.log(
      `${instances === 2 ? 'two instances, Redis adapter' : 'one instance, in-memory adapter'} ${rate}/s: p50 ${r.attendantSocket.p50Ms} p99 ${r.attendantSocket.p99Ms} ms${other ? ` (other instance p50 ${other.p50Ms} p99 ${other.p99Ms} ms)` : ''}, delivered ${r.deliveredPerSecond}/s, lost ${r.lost}`,
    );
    return { ...r, duplicated, attendantSocketsDisconnected: lostConnections };
  } finally {
    for (const v of visitors) v.close();
    await receivers?.stop();
    for (const s of servers.reverse()) await s.stop();
    await db.drop();
  }
}

const out = { database: 'postgresql', runs: {} };
try {
  for (const rate of RATES) {
    const one = await measure(1, rate);
    const two = await measure(2, rate);
    // The Redis hop: the other instance's sockets against the one instance's (goal: at most +10 ms at 1,000/s).
    const extraP99Ms = Math.round((two.attendantSocketAcross.otherInstance.p99Ms - one.attendantSocket.p99Ms) * 10) / 10;
    console.log(`${rate}/s: the Redis hop adds ${extraP99Ms} ms to the p99`);
    out.runs[rate] = { oneInstanceInMemory: one, twoInstancesRedis: two, extraP99Ms };
  }
} finally {
  redis.kill('SIGTERM');
}
writeResult(out);
