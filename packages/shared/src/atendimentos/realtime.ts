import type { TAtendenteOnline, TAtendimento, TMensagem, TSendAck } from './index';
import type { TWapiEvento } from '../wapi';

/**
 * The realtime customer message of spec part 2 §3, as ClientReceiveMessage carries it.
 * `mensagem` is the full message (the same presenter as HTTP) for the screen to render.
 */
export type TRealtimeMessage = {
  id: string;
  messageId: string;
  atendimentoId: string;
  masterId: string | null;
  from: string;
  to: string;
  fromName: string;
  toEmail?: string | null;
  clientId: string | null;
  isAtendente: boolean;
  content: string;
  timestamp: string;
  mediaUrl: string | null;
  mediaType: string | null;
  url?: string | null;
  origem: 'widget' | 'widget-response' | 'whatsapp';
  mensagensNaoLidas?: number;
  type: 'text' | 'reaction' | 'edited' | 'deleted' | 'presence' | 'receipt' | 'user_presence' | 'status';
  message: {
    type: string;
    text: string;
    source: 'widget' | 'whatsapp' | 'agent' | 'system';
    mediaUrl: string | null;
    filename: string | null;
    mimeType: string | null;
    size: number | null;
    reaction: string | null;
    isEdited: boolean;
    isDeleted: boolean;
  };
  mensagem: TMensagem;
};

export type TStatusUpdate = { atendimentoId: string; messageId: string; clientId: string | null; status: TMensagem['status'] };
export type TChatPresence = { atendimentoId: string; digitando: boolean; online: boolean };

/** Server -> staff events on the `/atendimento` namespace (spec part 2 §7). */
export interface AtendimentoServerEvents {
  ClientReceiveMessage: (msg: TRealtimeMessage) => void;
  ReceiveMessageStatusUpdate: (update: TStatusUpdate) => void;
  ChatListAtendimento: (row: TAtendimento) => void;
  ChatPresence: (presence: TChatPresence) => void;
  ChatListPresence: (atendentes: TAtendenteOnline[]) => void;
  /** WhatsApp Web's session changed (QR, pairing code, connected, reason): to the account's admins and master. */
  ReceiveWhatsAppEvent: (event: TWapiEvento) => void;
}

/** Staff -> server. SendMessage takes the message as a JSON string (spec part 2 §7). */
export interface AtendimentoClientEvents {
  SendMessage: (json: string, ack: (res: TSendAck) => void) => void;
  /** Widget conversations use their own queue on the client and this event. */
  SendWidgetMessage: (json: string, ack: (res: TSendAck) => void) => void;
  Digitando: (payload: { atendimentoId: string; digitando: boolean }) => void;
}

export const ATENDIMENTO_NAMESPACE = '/atendimento';
/** Spec part 2 §4 and §9: reconnect/queue flush check every 5 s; duplicate window 5 s. */
export const CUSTOMER_CHAT_CHECK_MS = 5000;
export const DUPLICATE_WINDOW_MS = 5000;
export const STATUS_UPDATE_WINDOW_EVENT = 'messageStatusUpdate';
