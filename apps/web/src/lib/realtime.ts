import { io, type Socket } from 'socket.io-client';
import { API_BASE } from './http';
import { getToken } from './session-store';

/** How a hub's connection comes back after a drop: socket.io's own back-off, or none (the hub schedules attempts itself). */
export type THubPolicy = { reconnection: false } | { reconnection: true; reconnectionDelay: number; reconnectionDelayMax: number };

/**
 * The one way the app opens a staff hub (/atendimento, /chat-interno). Each hub gets a socket.io Manager of its own
 * (`forceNew`): sharing one made the internal chat's policy govern the customer chat too. The token
 * is read at each attempt, so a reconnect presents the current (possibly refreshed) one; `connect()` is the caller's.
 */
export function hub<S extends Socket>(namespace: string, policy: THubPolicy): S {
  return io(namespace, {
    path: `${API_BASE}/socket.io`,
    forceNew: true,
    auth: (cb) => cb({ token: getToken() }),
    transports: ['websocket', 'polling'],
    autoConnect: false,
    ...policy,
  }) as S;
}
