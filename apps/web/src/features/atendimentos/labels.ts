import { FileText, Globe, Image, MapPin, MessageCircle, Music, SmilePlus, Video, type LucideIcon } from 'lucide-react';
import { PREVIEW_BY_TYPE, type TAtendimento, type TMensagem, type TTipoMensagem } from '@balcao/shared/atendimentos';
import { INBOX_TEXTS, MENSAGENS_TEXTS } from './texts';

export type TOrigem = TAtendimento['origem'];

/** The channel a conversation came from, shown as a small badge on rows and the header. */
export const ORIGEM_ICON: Record<TOrigem, LucideIcon> = { widget: Globe, 'widget-response': Globe, whatsapp: MessageCircle };

/** The icon that stands for a message type in the list (the shared labels' emoji need an emoji font). */
const TIPO_ICON: Partial<Record<TTipoMensagem, LucideIcon>> = {
  image: Image,
  video: Video,
  audio: Music,
  document: FileText,
  location: MapPin,
  reaction: SmilePlus,
};
const semEmoji = (s: string) => s.replace(/^\p{Extended_Pictographic}\uFE0F?\s*/u, '');

/** The list's last-message line: the text, or the type's icon and label (with its caption when there is one). */
export function previewDe(tipo: TTipoMensagem | null, texto: string | null): { icon: LucideIcon | null; texto: string } {
  if (!tipo || tipo === 'text') return { icon: null, texto: texto || INBOX_TEXTS.semMensagens };
  const rotulo = semEmoji(PREVIEW_BY_TYPE[tipo]);
  const icon = TIPO_ICON[tipo] ?? null;
  if (tipo === 'reaction') return { icon, texto: `${rotulo} ${texto ?? ''}`.trim() };
  return { icon, texto: texto ? `${rotulo} · ${texto}` : rotulo };
}

/** How this screen names who wrote a message: the customer's name, 'Você', or a colleague's name. */
export function nomeDoAutor(m: Pick<TMensagem, 'autor' | 'atendenteId' | 'atendenteNome'>, clienteNome: string, meuId: string): string {
  if (m.autor === 'cliente') return clienteNome;
  return m.atendenteId === meuId || !m.atendenteNome ? MENSAGENS_TEXTS.voce : m.atendenteNome;
}
