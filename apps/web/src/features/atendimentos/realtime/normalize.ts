import type { TMensagem } from '@balcao/shared/atendimentos';
import { mensagemDoEvento, type TRealtimeMessage } from '@balcao/shared/atendimentos/realtime';
import { tipoCanalDaOrigem } from '@balcao/shared/canais';
import { isEditOrDelete } from './duplicate-filter';

export type TNormalizeContext = {
  /** The atendimento open on screen: its unread count is zero, the attendant is reading it. */
  abertoId: string | null;
  /** The customer's number for that atendimento, when the screen knows it. */
  numeroDe: (atendimentoId: string) => string | null;
};

const isWidget = (m: TRealtimeMessage) => tipoCanalDaOrigem(m.origem) === 'widget';
const isReaction = (m: TRealtimeMessage) => m.type === 'reaction' || m.message.type === 'reaction' || Boolean(m.message.reaction);

/**
 * An event as the screen uses it: the spec's fields, the message rebuilt whole (as HTTP gives it) and the
 * conversation's unread count as the server sent it (the list's badge: the normalised count is the message's).
 */
export type TMensagemAoVivo = TRealtimeMessage & { mensagem: TMensagem; naoLidasNoServidor: number | undefined };

/**
 * Spec part 2 §4 normalisation of ClientReceiveMessage:
 * - widget messages: the sender is the customer's number (a visitor has no phone, the number is its id) and the
 *   unread count is zero, whichever conversation is open;
 * - the open atendimento's unread count is zero;
 * - reactions become type 'reaction' with the emoji as the text;
 * - edit/delete events mark the carried message edited/deleted;
 * - the message is rebuilt from the spec's fields and the event's details.
 */
export function normalizeIncoming(raw: TRealtimeMessage, ctx: TNormalizeContext): TMensagemAoVivo {
  const m: TMensagemAoVivo = {
    ...raw,
    id: raw.id || raw.messageId,
    message: { ...raw.message },
    mensagem: mensagemDoEvento(raw),
    naoLidasNoServidor: raw.mensagensNaoLidas,
  };
  if (isWidget(m)) {
    if (!m.isAtendente) m.from = ctx.numeroDe(m.atendimentoId) ?? m.from;
    m.mensagensNaoLidas = 0;
  }
  if (ctx.abertoId === m.atendimentoId) m.mensagensNaoLidas = 0;
  if (isReaction(m)) {
    const reaction = m.message.reaction ?? m.content;
    m.type = 'reaction';
    m.content = reaction;
    m.message.type = 'reaction';
    m.message.text = reaction;
    m.mensagem.tipo = 'reaction';
    m.mensagem.conteudo = reaction;
  }
  if (isEditOrDelete(m)) {
    if (m.type === 'edited' || m.message.isEdited) m.mensagem.editada = true;
    if (m.type === 'deleted' || m.message.isDeleted) m.mensagem.apagada = true;
  }
  return m;
}

/** Event types that carry a message to show; the others (presence, receipts) are not chat lines. */
export const carriesMessage = (m: TRealtimeMessage) =>
  m.type === 'text' || m.type === 'reaction' || m.type === 'edited' || m.type === 'deleted';
