import type { TAckError } from '../hubs';
import type { TEnviarMensagemInput, TMensagem, TVisualizarInput } from './schemas';

/** Internal chat hub (spec part 2 §7; the path is ours): Socket.IO namespace under /backend/socket.io. */
export const CHAT_INTERNO_NAMESPACE = '/chat-interno';

/** Spec part 2 §7: event names, as the spec spells them. */
export const CHAT_INTERNO_EVENTS = {
  receiveMessage: 'ReceiveMessage',
  updateConversations: 'UpdateConversations',
  sendMessage: 'SendMessage',
  viewMessages: 'ViewMessages',
} as const;

/** Why the list should be reloaded; the client reloads either way (spec part 2 §4). */
export type TUpdateConversations = { conversaId: string };

export type TSendMessageAck = { ok: true; mensagem: TMensagem } | TAckError;
export type TViewMessagesAck = { ok: true } | TAckError;

export interface ChatInternoServerEvents {
  ReceiveMessage: (mensagem: TMensagem) => void;
  UpdateConversations: (payload: TUpdateConversations) => void;
}

export interface ChatInternoClientEvents {
  /** Acknowledged after the message is stored; a resend with the same `mensagem.id` acks the stored one. */
  SendMessage: (payload: TEnviarMensagemInput, ack: (answer: TSendMessageAck) => void) => void;
  ViewMessages: (payload: TVisualizarInput, ack?: (answer: TViewMessagesAck) => void) => void;
}
