import { once } from 'node:events';
import { createServer, type Socket, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { coalesceWrites } from './coalesced-writes';

describe('coalesceWrites', () => {
  const closers: (() => void)[] = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });

  /** A connected pair on loopback; `received` gathers what the far end reads. */
  async function pair() {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as { port: number }).port;
    const client = connect(port, '127.0.0.1');
    const [far] = (await once(server, 'connection')) as [Socket];
    await once(client, 'connect');
    let received = '';
    far.on('data', (d) => {
      received += d;
    });
    closers.push(() => {
      client.destroy();
      far.destroy();
      server.close();
    });
    return { client, received: () => received };
  }

  /** Counts the system-call-level writes: one _writev (several chunks) or _write (one) each. */
  function countFlushes(socket: Socket) {
    const s = socket as unknown as { _writev: (...a: unknown[]) => void; _write: (...a: unknown[]) => void };
    const flushes: number[] = [];
    const writev = s._writev.bind(socket);
    const write = s._write.bind(socket);
    s._writev = (chunks, cb) => {
      flushes.push((chunks as unknown[]).length);
      writev(chunks, cb);
    };
    s._write = (...a) => {
      flushes.push(1);
      write(...a);
    };
    return flushes;
  }

  it('sends what one turn writes in one flush, in order, and later turns in their own', async () => {
    const { client, received } = await pair();
    coalesceWrites(client);
    const flushes = countFlushes(client);
    for (const part of ['a', 'b', 'c']) client.write(part);
    expect(flushes).toEqual([]); // corked until the turn ends
    await new Promise((r) => setImmediate(r));
    expect(flushes).toEqual([3]);
    client.write('d');
    await new Promise((r) => setImmediate(r));
    expect(flushes).toEqual([3, 1]);
    await expect.poll(received).toBe('abcd');
  });

  it('leaves an uncoalesced socket as it was: one flush per write', async () => {
    const { client } = await pair();
    const flushes = countFlushes(client);
    client.write('a');
    client.write('b');
    await new Promise((r) => setImmediate(r));
    expect(flushes.length).toBeGreaterThan(1);
  });
});
