// Memory per idle authenticated socket on one server process (budget 20,000 sockets at <= 40 KB each).
// BENCH_SOCKETS (default 15000: this machine allows 20000 open files per process, server and client alike).
// Run it with BENCH_DATABASE_URL (PostgreSQL): PGlite's WASM heap moves the RSS by more than the sockets do.
import { io } from 'socket.io-client';
import { login, startServer } from './lib.mjs';

const N = Number(process.env.BENCH_SOCKETS ?? 15000);
const BUDGET_KB = 40;
const server = await startServer({ LOG_LEVEL: 'error' });
const sockets = [];
try {
  const token = await login(server.base, 'atendente@demo.local');
  // Warm up one socket so the namespace and its code paths are loaded before the baseline.
  const warm = io(`${server.base}/atendimento`, { path: '/backend/socket.io', auth: { token }, transports: ['websocket'] });
  await new Promise((r) => warm.on('connect', r));
  warm.close();
  await new Promise((r) => setTimeout(r, 1000));
  const before = server.rssKb();
  let connected = 0;
  const BATCH = 500;
  for (let i = 0; i < N; i += BATCH) {
    const batch = [];
    for (let j = i; j < Math.min(N, i + BATCH); j++) {
      const s = io(`${server.base}/atendimento`, {
        path: '/backend/socket.io',
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(s);
      batch.push(
        new Promise((r) => {
          s.once('connect', () => {
            connected++;
            r();
          });
          s.once('connect_error', r);
        }),
      );
    }
    await Promise.all(batch);
  }
  await new Promise((r) => setTimeout(r, 3000));
  const after = server.rssKb();
  const perSocket = (after - before) / connected;
  console.log(
    `idle authenticated sockets: ${connected} connected; server RSS ${(before / 1024).toFixed(0)} MB -> ${(after / 1024).toFixed(0)} MB = ${perSocket.toFixed(1)} KB per socket (budget ${BUDGET_KB} KB)`,
  );
  if (connected < N || perSocket > BUDGET_KB) process.exitCode = 1;
} finally {
  for (const s of sockets) s.close();
  await server.stop();
}
