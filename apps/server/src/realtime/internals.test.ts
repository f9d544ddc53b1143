import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { WebSocket, WebSocketServer } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { beforeEachWrite, engineConnections, madeNamespace, namespacesOf } from './internals';

/** Canary of the private surface realtime/internals.ts reaches into: fails when an upgrade changes it. */
describe('realtime private surface', () => {
  const closers: (() => unknown)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function listening() {
    const http = createServer();
    http.listen(0, '127.0.0.1');
    await once(http, 'listening');
    closers.push(() => new Promise((r) => http.close(r)));
    return { http, port: (http.address() as { port: number }).port };
  }

  it("Socket.IO's _nsps lists every namespace made, and is read without making one", () => {
    const io = new Server(); // attached to no HTTP server: nothing to close
    expect(io._nsps).toBeInstanceOf(Map);
    const x = io.of('/x');
    expect([...namespacesOf(io)]).toEqual([io.of('/'), x]);
    expect(madeNamespace(io, '/x')).toBe(x);
    expect(madeNamespace(io, '/y')).toBeUndefined();
    expect([...namespacesOf(io)]).toHaveLength(2);
    expect(madeNamespace(undefined, '/x')).toBeUndefined();
  });

  it("engine.io's clients holds each open connection, which close() ends with a 'close'", async () => {
    const { http, port } = await listening();
    const io = new Server(http);
    closers.push(() => new Promise((r) => io.close(r)));
    const client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
    closers.push(() => client.close());
    await new Promise((r) => client.once('connect', () => r(null)));
    const [conn] = engineConnections(io);
    expect(engineConnections(io)).toHaveLength(1);
    expect(conn!.readyState).toBe('open');
    const closed = new Promise<void>((r) => conn!.once('close', r));
    const reason = new Promise((r) => client.once('disconnect', r));
    conn!.close();
    await closed;
    expect(await reason).toBe('transport close');
    await expect.poll(() => engineConnections(io).length).toBe(0);
  });

  it("ws writes each frame through its socket's own write", async () => {
    const { http, port } = await listening();
    let writes = 0;
    const wss = new WebSocketServer({ noServer: true });
    closers.push(() => new Promise((r) => wss.close(r)));
    http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      beforeEachWrite(socket, () => writes++);
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws));
    });
    const [[server]] = await Promise.all([
      once(wss, 'connection') as Promise<[WebSocket]>,
      (async () => {
        const client = new WebSocket(`ws://127.0.0.1:${port}`);
        closers.push(() => client.terminate());
        client.on('message', (m) => received.push(String(m)));
        await once(client, 'open');
      })(),
    ]);
    const received: string[] = [];
    const before = writes;
    server.send('frame');
    await expect.poll(() => received).toEqual(['frame']);
    expect(writes).toBeGreaterThan(before);
  });
});
