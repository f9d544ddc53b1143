import type { Duplex } from 'node:stream';
import type { Namespace, Server } from 'socket.io';

/*
 * The one door to the private surface of Socket.IO, engine.io and Node's sockets that the realtime
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

/** `before` runs at every write to this socket, just before it (ws writes its frames through socket.write). */
export function beforeEachWrite(socket: Duplex, before: () => void): void {
  const write = socket.write;
  socket.write = function written(this: Duplex, ...args: Parameters<Duplex['write']>) {
    before();
    return write.apply(this, args);
  } as Duplex['write'];
}
