import { useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import { CHAT_INTERNO_NAMESPACE } from '@balcao/shared/chat-interno';
import { API_BASE } from '@/lib/http';
import { getToken } from '@/lib/session-store';
import { ChatInternoConnection, type TChatInternoSocket } from './connection';

export const criarSocketChatInterno = (): TChatInternoSocket =>
  io(CHAT_INTERNO_NAMESPACE, {
    path: `${API_BASE}/socket.io`,
    // A Manager of its own: its policy below must not govern the customer chat's connection (and vice versa).
    forceNew: true,
    // A callback, so each attempt presents the current (possibly refreshed) token.
    auth: (cb) => cb({ token: getToken() }),
    transports: ['websocket', 'polling'],
    autoConnect: false,
    // The spec's delays (0, 2, 10, 30 s, then a 3 s check) replace socket.io's own back-off.
    reconnection: false,
  });

/**
 * The one internal chat connection of this tab. It lives while the user is signed in (not only while the panel is
 * open), so the unread badge rises live. Keep-alive (15 s) and the server timeout (30 s) are the server's ping
 * settings, which socket.io applies to both ends.
 */
export const chatInterno = new ChatInternoConnection({
  createSocket: criarSocketChatInterno,
  hasSession: () => getToken() !== null,
});

export const useEstadoConexao = () => useSyncExternalStore(chatInterno.subscribe, chatInterno.getState, chatInterno.getState);
