// The receiving side of a benchmark, in its own thread (so the sender's loop never delays a receipt): opens
// sockets, and writes the wall-clock time each one got each numbered message into a shared array.
// Messages carry their number in their text (`b<number>`); anything else is ignored.
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';

const { base, namespace, auths, event, field, localAddress, buffer, first, sockets: total, extraHeaders } = workerData;
const times = new Float64Array(buffer);
const now = () => performance.timeOrigin + performance.now();
let duplicated = 0;
const opened = [];
let connected = 0;
let failed = 0;

const BATCH = 200;
for (let i = 0; i < auths.length; i += BATCH) {
  const batch = [];
  for (let j = i; j < Math.min(auths.length, i + BATCH); j++) {
    const slot = first + j;
    // Several servers (instances behind a balancer): the sockets alternate between them.
    const url = Array.isArray(base) ? base[j % base.length] : base;
    const s = io(`${url}${namespace}`, {
      path: '/backend/socket.io',
      auth: auths[j],
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(localAddress ? { localAddress } : {}),
      ...(extraHeaders ? { extraHeaders } : {}),
    });
    opened.push(s);
    s.on(event, (m) => {
      const t = now();
      const text = m?.[field];
      if (typeof text !== 'string' || text[0] !== 'b') return;
      const n = Number(text.slice(1));
      if (!Number.isInteger(n)) return;
      const k = n * total + slot;
      if (k >= times.length) return;
      if (times[k] > 0) duplicated++;
      else times[k] = t;
    });
    batch.push(
      new Promise((resolve) => {
        s.once('connect', () => {
          connected++;
          resolve();
        });
        s.once('connect_error', () => {
          failed++;
          resolve();
        });
      }),
    );
  }
  await Promise.all(batch);
}
parentPort.postMessage({ type: 'ready', connected, failed });
parentPort.on('message', (msg) => {
  if (msg.type !== 'stop') return;
  const lostConnections = opened.filter((s) => !s.connected).length;
  for (const s of opened) s.close();
  parentPort.postMessage({ type: 'done', duplicated, lostConnections });
});
