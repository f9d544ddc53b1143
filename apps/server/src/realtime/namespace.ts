import type { Server } from 'socket.io';

/**
 * The one cast between Socket.IO's untyped `io.of(name)` and a hub's typed namespace (its client and server
 * events from @balcao/shared, its socket data). Every hub and publisher reaches its namespace through here.
 */
export const typedNamespace = <N>(io: Server, name: string): N => io.of(name) as unknown as N;
