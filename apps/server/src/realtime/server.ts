import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Server, type Socket } from 'socket.io';
import { refuseNulPackets } from '../lib/input-guard';
import { closeRedis, createRedis, type RedisLog } from '../lib/redis';
import type { Db } from '../lib/db';
import type { TokenService } from '../lib/tokens';
import { rooms } from '../lib/rooms';
import { CoalescingWebSocketServer } from './coalesced-writes';
import { engineConnections } from './internals';
import { authenticate, guardSocketEvents } from '../modules/auth/sessions';
import type { TSessionUser } from '../lib/session';

export const SOCKET_PATH = '/backend/socket.io';
/** Spec part 2 §9: keep-alive 15 s, server timeout 30 s; buffer 100000 bytes. */
const PING_INTERVAL_MS = 15_000;
const PING_TIMEOUT_MS = 30_000;
const MAX_BUFFER_BYTES = 100_000;
const STREAM_ENTRIES = 100_000;

const silentLog: RedisLog = { warn: () => undefined, info: () => undefined };

/** Socket.IO on the app's HTTP server; through Redis when REDIS_URL is set so that several instances share rooms. */
export type SocketServer = {
  io: Server;
  /**
   * Graceful shutdown, first step: events that arrive from now on are dropped unanswered (the client keeps
   * them and sends again after reconnecting elsewhere), and this resolves once every event already being
   * handled has been acknowledged, or after `timeoutMs`.
   */
  drain: (timeoutMs: number) => Promise<void>;
  /**
   * Closes every connection once what was written to it (acknowledgements) has been sent, without a
   * "server disconnect": clients see a transport close and reconnect. Resolves when all are closed, or after `timeoutMs`.
   */
  disconnectAll: (timeoutMs: number) => Promise<void>;
  close: () => Promise<void>;
};

export function createSocketServer(http: HttpServer, opts: { redisUrl?: string; log?: RedisLog }): SocketServer {
  const io = new Server(http, {
    path: SOCKET_PATH,
    pingInterval: PING_INTERVAL_MS,
    pingTimeout: PING_TIMEOUT_MS,
    maxHttpBufferSize: MAX_BUFFER_BYTES,
    serveClient: false,
    wsEngine: CoalescingWebSocketServer,
    // Reflects any origin at the transport level: the widget namespace checks each channel's sites itself,
    // and staff namespaces authenticate with the JWT, never with cookies.
    cors: { origin: true, credentials: false },
  });
  refuseNulPackets(io);
  // Polling answers never pass through Fastify's hooks: nosniff like every other answer of ours.
  io.engine.on('headers', (headers: Record<string, string>) => {
    headers['X-Content-Type-Options'] = 'nosniff';
  });
  const inFlight = trackAcknowledgements(io);
  // Broadcasts and room changes go through a Redis stream that each instance reads from where it stopped.
  // While Redis is away they wait, in order, in the client's queue (never dropped: no retry limit) and are
  // done here and on the other instances once it is back; acknowledgements do not wait for them.
  // The stream keeps its last STREAM_ENTRIES: an instance that falls further behind (an overloaded one) skips
  // what was trimmed. 1,000 inbound msg/s write ~1,500 entries/s of ~1 KB: the default 10,000 was ~7 s of
  // lag, this is ~1 min (~100 MB in Redis).
  const redis = opts.redisUrl ? createRedis(opts.redisUrl, 'socket.io', opts.log ?? silentLog, { maxRetriesPerRequest: null }) : null;
  if (redis) io.adapter(createAdapter(redis, { maxLen: STREAM_ENTRIES }));
  return {
    io,
    drain: inFlight.drain,
    disconnectAll: async (timeoutMs) => {
      // Not io.engine.close(): that discards the packets still buffered, acknowledgements included.
      const clients = engineConnections(io);
      const closed = Promise.all(
        clients.map((c) => (c.readyState === 'closed' ? null : new Promise<void>((resolve) => c.once('close', () => resolve())))),
      );
      for (const c of clients) c.close();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([closed, late]);
      clearTimeout(timer);
    },
    close: async () => {
      // Also closes the HTTP server when it still listens (its callback then reports "not running": fine).
      await new Promise<void>((resolve) => io.close(() => resolve()));
      if (redis) await closeRedis(redis);
    },
  };
}

/** Counts the events of every namespace that carry an acknowledgement until it is called; refuses new ones once draining. */
function trackAcknowledgements(io: Server) {
  let pending = 0;
  let draining = false;
  let settled: (() => void) | null = null;
  io.on('new_namespace', (nsp) => {
    // Registered after the hubs' own middleware (their 'connection' listeners run in this same turn): an
    // event they drop (a rate limit) is never counted as waiting for its acknowledgement. Events arrive in
    // later turns: the client sends none before the server has answered its connection.
    nsp.on('connection', (socket) => process.nextTick(() => trackSocket(socket)));
  });
  const trackSocket = (socket: Socket) =>
    socket.use((packet, next) => {
      if (draining) return; // never reaches a handler, never acknowledged
      const last = packet.length - 1;
      const ack = packet[last];
      if (typeof ack !== 'function') return next();
      pending++;
      let done = false;
      packet[last] = (...args: unknown[]) => {
        if (!done) {
          done = true;
          pending--;
          if (pending === 0) settled?.();
        }
        return ack(...args);
      };
      next();
    });
  return {
    drain: async (timeoutMs: number) => {
      draining = true;
      if (pending === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        settled = resolve;
        timer = setTimeout(resolve, timeoutMs);
      });
      clearTimeout(timer);
    },
  };
}

/** What a staff hub keeps of the user on its sockets (possibly more than the session says) and the rooms it adds. */
export type StaffProfile<U extends TSessionUser> = (user: TSessionUser) => Promise<{ user: U; rooms: string[] }>;

/**
 * The one handshake of the staff hubs (/atendimento, /chat-interno): `auth: { token }` is the JWT of an open
 * session; the socket keeps the hub's view of the user in `socket.data.user`, joins its account, user and
 * session rooms (how logout, a reset or a deactivation find it) and the hub's own, and each of its events
 * checks the session again. A hub's profile refuses a role it does not serve by throwing.
 */
export function useStaffAuth<U extends TSessionUser>(
  io: Server,
  namespace: string,
  auth: { db: Db; tokens: TokenService },
  profile: StaffProfile<U>,
) {
  io.of(namespace).use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string') throw new Error('sem token');
      const { user, rooms: own } = await profile(await authenticate(auth.db, auth.tokens, token));
      socket.data.user = user;
      guardSocketEvents(socket, auth.db, user);
      await socket.join([rooms.account(user.accountId), rooms.user(user.id), rooms.session(user.sid!), ...own]);
      next();
    } catch {
      next(new Error('Não autorizado'));
    }
  });
}
