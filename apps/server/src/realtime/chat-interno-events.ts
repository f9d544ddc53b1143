import type { Namespace, Server } from 'socket.io';
import {
  CHAT_INTERNO_EVENTS,
  CHAT_INTERNO_NAMESPACE,
  type ChatInternoClientEvents,
  type ChatInternoServerEvents,
} from '@balcao/shared/chat-interno';
import type { TSessionUser } from '../lib/session';
import type { ChatChange } from '../modules/chat-interno/notify';
import { rooms } from '../lib/rooms';
import { typedNamespace } from './namespace';

export type ChatInternoNamespace = Namespace<
  ChatInternoClientEvents,
  ChatInternoServerEvents,
  Record<string, never>,
  { user: TSessionUser }
>;

export const chatInternoNamespace = (io: Server) => typedNamespace<ChatInternoNamespace>(io, CHAT_INTERNO_NAMESPACE);

/**
 * Emits a stored change to the users' rooms. Rooms are per user id (uuids), so nothing reaches another account.
 * `exceptSocketId` spares the socket that sent the message: it already has it through its ack.
 */
export function publishChange(io: Server | undefined, change: ChatChange, exceptSocketId?: string): void {
  if (!io) return;
  const nsp = chatInternoNamespace(io);
  if (change.receivers.length) {
    const target = exceptSocketId
      ? nsp.to(change.receivers.map(rooms.user)).except(exceptSocketId)
      : nsp.to(change.receivers.map(rooms.user));
    for (const mensagem of change.mensagens) target.emit(CHAT_INTERNO_EVENTS.receiveMessage, mensagem);
  }
  if (change.listChangedFor.length) {
    nsp.to(change.listChangedFor.map(rooms.user)).emit(CHAT_INTERNO_EVENTS.updateConversations, { conversaId: change.conversaId });
  }
}
