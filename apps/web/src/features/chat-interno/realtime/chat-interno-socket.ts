import { useSyncExternalStore } from 'react';
import { CHAT_INTERNO_NAMESPACE } from '@balcao/shared/chat-interno';
import { hub } from '@/lib/realtime';
import { getToken } from '@/lib/session-store';
import { ChatInternoConnection, type TChatInternoSocket } from './connection';

/** The internal chat's hub: socket.io's reconnection off, the spec's 0, 2, 10, 30 s series and 3 s check drive it. */
export const createChatInternoSocket = (): TChatInternoSocket => hub<TChatInternoSocket>(CHAT_INTERNO_NAMESPACE, { reconnection: false });

/**
 * The one internal chat connection of this tab. It lives while the user is signed in (not only while the panel is
 * open), so the unread badge rises live. Keep-alive (15 s) and the server timeout (30 s) are the server's ping
 * settings, which socket.io applies to both ends.
 */
export const chatInterno = new ChatInternoConnection({
  createSocket: createChatInternoSocket,
  hasSession: () => getToken() !== null,
});

export const useEstadoConexao = () => useSyncExternalStore(chatInterno.subscribe, chatInterno.getState, chatInterno.getState);
