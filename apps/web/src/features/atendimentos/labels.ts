import { FileText, Globe, Image, MapPin, MessageCircle, Music, Phone, Send, SmilePlus, Video, type LucideIcon } from 'lucide-react';
import { EXIBICAO_ORIGEM, type TIconeCanal, type TTomCanal } from '@balcao/shared/canais';
import { PREVIEW_BY_TYPE, type TAtendimento, type TMensagem, type TTipoMensagem } from '@balcao/shared/atendimentos';
import { INBOX_TEXTS, MENSAGENS_TEXTS } from './texts';

export type TOrigem = TAtendimento['origem'];

/** The icon of each of a channel's icon keys (EXIBICAO_ORIGEM names the key: no channel is named here). */
const ICONE_CANAL: Record<TIconeCanal, LucideIcon> = { mensagem: MessageCircle, site: Globe, telefone: Phone, enviar: Send };
/** The classes of each colour token: the badge's outline and text, and the avatar's filled dot. */
const TOM_CANAL: Record<TTomCanal, { contorno: string; ponto: string }> = {
  verde: { contorno: 'border-emerald-600/30 text-emerald-700 dark:text-emerald-400', ponto: 'bg-emerald-600 text-white' },
  azul: { contorno: 'border-sky-600/30 text-sky-700 dark:text-sky-400', ponto: 'bg-sky-600 text-white' },
  violeta: { contorno: 'border-violet-600/30 text-violet-700 dark:text-violet-400', ponto: 'bg-violet-600 text-white' },
  laranja: { contorno: 'border-orange-600/30 text-orange-700 dark:text-orange-400', ponto: 'bg-orange-600 text-white' },
};
/** How a conversation's origem is shown: its label, icon and colour, as the shared table declares them. */
export const marcaDaOrigem = (origem: TOrigem) => {
  const e = EXIBICAO_ORIGEM[origem];
  return { rotulo: e.rotulo, Icone: ICONE_CANAL[e.icone], tom: TOM_CANAL[e.tom] };
};

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
