import { useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import { ATENDIMENTO_NAMESPACE } from '@balcao/shared/atendimentos/realtime';
import { API_BASE } from '@/lib/http';
import { getToken } from '@/lib/session-store';
import { CustomerChatConnection, type TChatSocket } from './connection';

/**
 * The one customer-chat connection of this tab. It outlives the page on purpose: queued messages keep
 * flushing and the cache stays current while the attendant looks at another screen.
 */
export const customerChat = new CustomerChatConnection({
  createSocket: (): TChatSocket =>
    io(ATENDIMENTO_NAMESPACE, {
      path: `${API_BASE}/socket.io`,
      // A callback, so every reconnect presents the current (possibly refreshed) token.
      auth: (cb) => cb({ token: getToken() }),
      transports: ['websocket', 'polling'],
      autoConnect: false,
    }),
  // Logout clears the token; an expired one is refreshed by the session timers, so only absence ends it.
  hasSession: () => getToken() !== null,
});

export const useConnectionState = () => useSyncExternalStore(customerChat.subscribe, customerChat.getState, customerChat.getState);
