import type { TMensagem } from '@balcao/shared/chat-interno';

/** What a change means for the hub: new messages for the current members, a list reload for everyone affected. */
export type ChatChange = {
  conversaId: string;
  mensagens: TMensagem[];
  /** Current members (departments expanded): they receive the messages. */
  receivers: string[];
  /** Users whose conversation list changed (created, renamed, joined, left, removed). */
  listChangedFor: string[];
};

/**
 * Fans a stored change out to the users' sockets (realtime/chat-interno-events.ts implements it).
 * `exceptSocketId` spares the socket that sent the message: it already has it through its ack.
 */
export type ChatPublisher = (change: ChatChange, exceptSocketId?: string) => void;

/** Members before and after a change, once each: a removed user still needs its list reloaded. */
export const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];
