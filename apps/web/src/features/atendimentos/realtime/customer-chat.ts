import { useSyncExternalStore } from 'react';
import { ATENDIMENTO_NAMESPACE, CUSTOMER_CHAT_CHECK_MS } from '@balcao/shared/atendimentos/realtime';
import { request } from '@/lib/http';
import { hub } from '@/lib/realtime';
import { getToken } from '@/lib/session-store';
import { CustomerChatConnection, type TChatSocket } from './connection';

/**
 * socket.io's own back-off between reconnect attempts after a drop (spec part 2 §4: "on close it reconnects
 * automatically"): 1 s, doubling, never longer than 2 s, so a server that is back is reached well inside the
 * 5 s check and the queue drains within it.
 */
const CUSTOMER_CHAT_RECONNECT_DELAY_MS = 1000;
const CUSTOMER_CHAT_RECONNECT_DELAY_MAX_MS = 2000;

/** The customer chat's hub: socket.io reconnects it by itself on close, the 5 s check covers a refused handshake. */
export const createAtendimentoSocket = (): TChatSocket =>
  hub<TChatSocket>(ATENDIMENTO_NAMESPACE, {
    reconnection: true,
    reconnectionDelay: CUSTOMER_CHAT_RECONNECT_DELAY_MS,
    reconnectionDelayMax: Math.min(CUSTOMER_CHAT_RECONNECT_DELAY_MAX_MS, CUSTOMER_CHAT_CHECK_MS),
  });

/**
 * The one customer-chat connection of this tab, opened after authentication for the roles that answer customers
 * (see use-customer-chat-background). It outlives the /atendimentos page on purpose: queued messages keep
 * flushing and the cache stays current while the attendant looks at another screen.
 */
export const customerChat = new CustomerChatConnection({
  createSocket: createAtendimentoSocket,
  // Logout clears the token; an expired one is refreshed by the session timers, so only absence ends it.
  hasSession: () => getToken() !== null,
  // Ask the server at once: an ended session (deactivated user) answers 401, the refresh is refused and the
  // token is cleared, which takes the tab to /login now rather than at the next heartbeat.
  onServerDisconnect: () => void request('GET', '/Usuario/GetCurrentUser', null).catch(() => undefined),
});

export const useConnectionState = () => useSyncExternalStore(customerChat.subscribe, customerChat.getState, customerChat.getState);
