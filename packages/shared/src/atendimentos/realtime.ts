import type { TAtendenteOnline, TAtendimento, TMensagem, TSendAck } from './index';
import type { TWapiEvento } from '../wapi';
import type { TTipoCanal } from '../canais';

/**
 * What a stored message has beyond the spec's fields, so the screen can rebuild it whole (mensagemDoEvento):
 * always who wrote it and its status, the rest only when set. The spec's fields already carry the text, media,
 * time, ids and the edited/deleted marks; sending the message a second time doubled every event's bytes.
 */
export type TDetalhesMensagem = Pick<TMensagem, 'autor' | 'atendenteId' | 'atendenteNome' | 'status'> & {
  localizacao?: NonNullable<TMensagem['localizacao']>;
  contatos?: NonNullable<TMensagem['contatos']>;
  reagindoA?: string;
  respondendoA?: NonNullable<TMensagem['respondendoA']>;
  erroEnvio?: string;
  agendada?: true;
  transcricao?: string;
  interna?: true;
};

/** The realtime customer message of spec part 2 §3, as ClientReceiveMessage carries it. */
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
  origem: TAtendimento['origem'];
  mensagensNaoLidas?: number;
  type: 'text' | 'reaction' | 'edited' | 'deleted' | 'presence' | 'receipt' | 'user_presence' | 'status';
  message: {
    type: string;
    text: string;
    /** The customer's kind of channel (TIPOS_CANAL), or who else wrote. */
    source: TTipoCanal | 'agent' | 'system';
    mediaUrl: string | null;
    filename: string | null;
    mimeType: string | null;
    size: number | null;
    reaction: string | null;
    isEdited: boolean;
    isDeleted: boolean;
  };
  detalhes: TDetalhesMensagem;
};

/** The details a message's event carries beside the spec's fields (the inverse of mensagemDoEvento). */
export function detalhesDaMensagem(msg: TMensagem): TDetalhesMensagem {
  const d: TDetalhesMensagem = { autor: msg.autor, atendenteId: msg.atendenteId, atendenteNome: msg.atendenteNome, status: msg.status };
  if (msg.localizacao) d.localizacao = msg.localizacao;
  if (msg.contatos) d.contatos = msg.contatos;
  if (msg.reagindoA) d.reagindoA = msg.reagindoA;
  if (msg.respondendoA) d.respondendoA = msg.respondendoA;
  if (msg.erroEnvio) d.erroEnvio = msg.erroEnvio;
  if (msg.agendada) d.agendada = true;
  if (msg.transcricao) d.transcricao = msg.transcricao;
  if (msg.interna) d.interna = true;
  return d;
}

/** The message as HTTP gives it, rebuilt from a ClientReceiveMessage event. */
export function mensagemDoEvento(e: TRealtimeMessage): TMensagem {
  const { message: m, detalhes: d } = e;
  return {
    id: e.id || e.messageId,
    atendimentoId: e.atendimentoId,
    clientId: e.clientId,
    autor: d.autor,
    atendenteId: d.atendenteId,
    atendenteNome: d.atendenteNome,
    tipo: m.type as TMensagem['tipo'],
    conteudo: e.content,
    midia: m.mediaUrl ? { url: m.mediaUrl, mimeType: m.mimeType ?? '', filename: m.filename, size: m.size } : null,
    localizacao: d.localizacao ?? null,
    ...(d.contatos ? { contatos: d.contatos } : {}),
    reagindoA: d.reagindoA ?? null,
    respondendoA: d.respondendoA ?? null,
    status: d.status,
    erroEnvio: d.erroEnvio ?? null,
    agendada: d.agendada ?? false,
    interna: d.interna ?? false,
    editada: m.isEdited,
    apagada: m.isDeleted,
    criadaEm: e.timestamp,
    ...(d.transcricao ? { transcricao: d.transcricao } : {}),
  };
}

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
  /** The account's analytics switch (Configurações) changed: every signed-in tab reads the public config again. */
  TelemetriaAlterada: () => void;
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
