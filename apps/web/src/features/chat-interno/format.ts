import { TZDate } from '@date-fns/tz';
import { differenceInCalendarDays, format, isValid } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { CHAT_INTERNO_ROTULOS, ORIGEM_TIPO, tituloConversa, type TConversa } from '@balcao/shared/chat-interno';
import { ACCOUNT_TIME_ZONE } from '@/features/atendimentos/format';

/** Spec part 2 §5: an unparsable date reads like this. */
const DATA_INVALIDA = 'Data inválida';
/** Spec part 2 §2: within this many days the list shows the weekday name. */
const DIAS_COM_NOME = 7;

const emZona = (iso: string, tz: string): TZDate | null => {
  const d = new Date(iso);
  return isValid(d) ? new TZDate(d, tz) : null;
};

/**
 * Spec part 2 §2, time of a row's last message: HH:mm today, the weekday name within 7 days, else dd/MM/yyyy.
 * Calendar days are counted in the account's zone (ARCHITECTURE "Time"), from the server's UTC timestamp.
 */
export function horaNaLista(iso: string | null, agora: Date = new Date(), tz = ACCOUNT_TIME_ZONE): string {
  if (!iso) return '';
  const d = emZona(iso, tz);
  if (!d) return '';
  const dias = differenceInCalendarDays(new TZDate(agora, tz), d);
  if (dias <= 0) return format(d, dias === 0 ? 'HH:mm' : 'dd/MM/yyyy');
  if (dias < DIAS_COM_NOME) return format(d, 'EEEE', { locale: ptBR });
  return format(d, 'dd/MM/yyyy');
}

/** A message's time under its text: HH:mm in the account zone. */
export const horaMensagem = (iso: string, tz = ACCOUNT_TIME_ZONE) => {
  const d = emZona(iso, tz);
  return d ? format(d, 'HH:mm') : '';
};

/** Spec part 2 §5/§9: dates read dd/MM/yy HH:mm (24-hour); an unparsable one reads 'Data inválida'. */
export const dataHora = (iso: string, tz = ACCOUNT_TIME_ZONE) => {
  const d = emZona(iso, tz);
  return d ? format(d, 'dd/MM/yy HH:mm') : DATA_INVALIDA;
};

/** Key and label of the day separators in a conversation: 'Hoje', 'Ontem' or dd/MM/yyyy. */
export const chaveDia = (iso: string, tz = ACCOUNT_TIME_ZONE) => {
  const d = emZona(iso, tz);
  return d ? format(d, 'yyyy-MM-dd') : '';
};
export function rotuloDia(iso: string, rotulos: { hoje: string; ontem: string }, agora: Date = new Date(), tz = ACCOUNT_TIME_ZONE): string {
  const d = emZona(iso, tz);
  if (!d) return DATA_INVALIDA;
  const dias = differenceInCalendarDays(new TZDate(agora, tz), d);
  if (dias === 0) return rotulos.hoje;
  if (dias === 1) return rotulos.ontem;
  return format(d, 'dd/MM/yyyy');
}

/**
 * Spec part 2 §2/§4: the row's second line. The server previews media as [Foto]/[Vídeo]/[Arquivo]; the viewer's own
 * last message reads 'Você: ...' (decided by its author, whatever it says); no message reads 'Sem mensagens'. A system
 * notice (origin Aviso) the viewer caused already names him ("Marta Master criou o grupo ..."), so it is not prefixed.
 */
export function previaDaLinha(
  c: Pick<TConversa, 'ultimaMensagem' | 'ultimaMensagemRemetenteId' | 'ultimaMensagemOrigemTipo'>,
  eu: { id: string },
): string {
  if (!c.ultimaMensagem) return CHAT_INTERNO_ROTULOS.semMensagens;
  const minha = c.ultimaMensagemRemetenteId === eu.id && c.ultimaMensagemOrigemTipo !== ORIGEM_TIPO.aviso;
  return minha ? CHAT_INTERNO_ROTULOS.previaPropria(c.ultimaMensagem) : c.ultimaMensagem;
}

/** Spec part 2 §2: the search matches user names, department names or the last message (and the title, which is one of them or the group name). */
export function filterConversas(lista: readonly TConversa[], busca: string): TConversa[] {
  const termo = foldForSearch(busca.trim());
  if (!termo) return [...lista];
  return lista.filter((c) =>
    [tituloConversa(c), ...c.usuariosNomes, ...c.departamentosNomes, c.ultimaMensagem ?? ''].some((t) => foldForSearch(t).includes(termo)),
  );
}

/** Case- and accent-blind comparison, so 'joao' finds 'João'. */
export const foldForSearch = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Members counted in the header: every listed user (the viewer included) and every department. */
export const countParticipantes = (c: Pick<TConversa, 'participantesIds' | 'departamentosIds'>) =>
  c.participantesIds.length + c.departamentosIds.length;
