import type { Duplex } from 'node:stream';
import type { Redis } from 'ioredis';
import type { Namespace, Server } from 'socket.io';

/*
 * The one door to the private surface of Socket.IO, engine.io, ioredis and Node's sockets that the realtime
 * code relies on; realtime/internals.test.ts is its canary, failing when an upgrade changes what is relied on.
 */

/** Every namespace this server has made (Socket.IO keeps them in a private map; there is no public list). */
export const namespacesOf = (io: Server): Iterable<Namespace> => io._nsps.values();

/** A namespace if it has been made, without making it as io.of() would (a server no one has connected to yet). */
export const madeNamespace = (io: Server | undefined, name: string): Namespace | undefined => io?._nsps.get(name);

/** The part of an engine.io connection used to close it after its buffer is sent. */
export type EngineConnection = { readyState: string; once: (event: 'close', listener: () => void) => void; close: () => void };

/** Every open engine.io connection of this server (engine.io's `clients`, untyped in Socket.IO's types). */
export const engineConnections = (io: Server): EngineConnection[] =>
  Object.values((io.engine as unknown as { clients: Record<string, EngineConnection> }).clients);

/** The ioredis commands the Redis adapter calls on its clients that are replaced below. */
export type AdapterCommand = 'publish' | 'unsubscribe' | 'punsubscribe';

/**
 * The given commands of this client answer `instead(err)` when they fail, instead of rejecting. Replaces the
 * client's own methods: the adapter calls them on the client it was given, and awaits none of its unsubscribes.
 */
export function answerFailures(client: Redis, commands: readonly AdapterCommand[], instead: (err: Error) => unknown): void {
  const methods = client as unknown as Record<AdapterCommand, (...args: unknown[]) => Promise<unknown>>;
  for (const name of commands) {
    const original = methods[name].bind(client);
    methods[name] = (...args) => original(...args).catch(instead);
  }
}

/** `before` runs at every write to this socket, just before it (ws writes its frames through socket.write). */
export function beforeEachWrite(socket: Duplex, before: () => void): void {
  const write = socket.write;
  socket.write = function written(this: Duplex, ...args: Parameters<Duplex['write']>) {
    before();
    return write.apply(this, args);
  } as Duplex['write'];
}
