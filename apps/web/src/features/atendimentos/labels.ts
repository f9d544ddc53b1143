import { Globe, MessageCircle, type LucideIcon } from 'lucide-react';
import { PREVIEW_BY_TYPE, type TAtendimento, type TMensagem, type TTipoMensagem } from '@balcao/shared/atendimentos';
import { INBOX_TEXTS, MENSAGENS_TEXTS } from './texts';

export type TOrigem = TAtendimento['origem'];

/** The channel a conversation came from, shown as a small badge on rows and the header. */
export const ORIGEM_ICON: Record<TOrigem, LucideIcon> = { widget: Globe, 'widget-response': Globe, whatsapp: MessageCircle };

/** The list's last-message line: the text, or the type's label (with its caption when there is one). */
export function previewDe(tipo: TTipoMensagem | null, texto: string | null): string {
  if (!tipo) return texto || INBOX_TEXTS.semMensagens;
  if (tipo === 'text') return texto || INBOX_TEXTS.semMensagens;
  if (tipo === 'reaction') return `${PREVIEW_BY_TYPE.reaction} ${texto ?? ''}`.trim();
  return texto ? `${PREVIEW_BY_TYPE[tipo]} · ${texto}` : PREVIEW_BY_TYPE[tipo];
}

/** How this screen names who wrote a message: the customer's name, 'Você', or a colleague's name. */
export function nomeDoAutor(m: Pick<TMensagem, 'autor' | 'atendenteId' | 'atendenteNome'>, clienteNome: string, meuId: string): string {
  if (m.autor === 'cliente') return clienteNome;
  return m.atendenteId === meuId || !m.atendenteNome ? MENSAGENS_TEXTS.voce : m.atendenteNome;
}
