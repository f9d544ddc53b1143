import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Namespace, type Socket } from 'socket.io';
import { refuseNulPackets } from '../lib/input-guard';
import type { Db } from '../lib/db';
import type { TokenService } from '../lib/tokens';
import { authenticate, guardSocketEvents, sessionRooms } from '../modules/auth/sessions';
import type { TSessionUser } from '../lib/session';

export const SOCKET_PATH = '/backend/socket.io';
/** Spec part 2 §9: keep-alive 15 s, server timeout 30 s; buffer 100000 bytes. */
const PING_INTERVAL_MS = 15_000;
const PING_TIMEOUT_MS = 30_000;
const MAX_BUFFER_BYTES = 100_000;

export type AuthedSocket = Socket & { data: { user: TSessionUser } };

export const rooms = {
  account: (id: string) => `account:${id}`,
  user: (id: string) => `user:${id}`,
  department: (id: string) => `department:${id}`,
};

/** Socket.IO on the app's HTTP server; through Redis when REDIS_URL is set so that several instances share rooms. */
export function createSocketServer(http: HttpServer, opts: { redisUrl?: string }): { io: Server; close: () => Promise<void> } {
  const io = new Server(http, {
    path: SOCKET_PATH,
    pingInterval: PING_INTERVAL_MS,
    pingTimeout: PING_TIMEOUT_MS,
    maxHttpBufferSize: MAX_BUFFER_BYTES,
    serveClient: false,
    // Reflects any origin at the transport level: the widget namespace checks each channel's sites itself,
    // and staff namespaces authenticate with the JWT, never with cookies.
    cors: { origin: true, credentials: false },
  });
  refuseNulPackets(io);
  const clients: Redis[] = [];
  if (opts.redisUrl) {
    const pub = new Redis(opts.redisUrl, { lazyConnect: false });
    const sub = pub.duplicate();
    clients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }
  return {
    io,
    close: async () => {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}

/**
 * Handshake auth for staff namespaces: `auth: { token }` is the same JWT of an open session; the socket joins
 * its account, user and session rooms, and each of its events checks the session again.
 */
export function useStaffAuth(
  nsp: Namespace,
  auth: { db: Db; tokens: TokenService },
  departmentOf?: (user: TSessionUser) => Promise<string | null>,
) {
  nsp.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string') throw new Error('sem token');
      const user = await authenticate(auth.db, auth.tokens, token);
      socket.data.user = user;
      guardSocketEvents(socket, auth.db, user);
      const rooms_ = [rooms.account(user.accountId), rooms.user(user.id), sessionRooms.session(user.sid!)];
      const dep = departmentOf ? await departmentOf(user) : null;
      if (dep) rooms_.push(rooms.department(dep));
      await socket.join(rooms_);
      next();
    } catch {
      next(new Error('Não autorizado'));
    }
  });
}
