import { TZDate } from '@date-fns/tz';
import { format, subDays } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { ACCOUNT_TIME_ZONE } from '@/lib/time-zone';

/** The account's time zone (ARCHITECTURE "Time"), a live binding set from the current user. */
export { ACCOUNT_TIME_ZONE };

/** Within this many days the list shows the weekday instead of the date (spec part 2 §2, conversation list). */
const DIAS_COM_NOME = 7;

const diaDe = (d: Date | string, tz: string) => format(new TZDate(new Date(d), tz), 'yyyy-MM-dd');

/** HH:mm in the account zone. */
export const formatHora = (iso: string, tz = ACCOUNT_TIME_ZONE) => format(new TZDate(new Date(iso), tz), 'HH:mm');

export const formatDataHora = (iso: string, tz = ACCOUNT_TIME_ZONE) => format(new TZDate(new Date(iso), tz), 'dd/MM/yyyy HH:mm');

/** The calendar day of a message in the account zone: the key of day separators. */
export const chaveDia = (iso: string, tz = ACCOUNT_TIME_ZONE) => diaDe(iso, tz);

/** Day separator: 'Hoje', 'Ontem' or dd/MM/yyyy. */
export function rotuloDia(iso: string, agora = new Date(), tz = ACCOUNT_TIME_ZONE): string {
  const dia = diaDe(iso, tz);
  const hoje = new TZDate(agora, tz);
  if (dia === diaDe(hoje, tz)) return 'Hoje';
  if (dia === diaDe(subDays(hoje, 1), tz)) return 'Ontem';
  return format(new TZDate(new Date(iso), tz), 'dd/MM/yyyy');
}

/** List time: HH:mm today, 'Ontem', the weekday within a week, else dd/MM/yyyy. */
export function horaNaLista(iso: string, agora = new Date(), tz = ACCOUNT_TIME_ZONE): string {
  const rotulo = rotuloDia(iso, agora, tz);
  if (rotulo === 'Hoje') return formatHora(iso, tz);
  if (rotulo === 'Ontem') return rotulo;
  const d = new TZDate(new Date(iso), tz);
  if (diaDe(d, tz) > diaDe(subDays(new TZDate(agora, tz), DIAS_COM_NOME), tz)) return format(d, 'EEEE', { locale: ptBR });
  return rotulo;
}

const bytesFmt = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const UNIDADES = ['B', 'KB', 'MB', 'GB'] as const;
const KIBI = 1024;
export function formatBytes(n: number | null | undefined): string {
  if (n === null || n === undefined) return '';
  let v = n;
  let u = 0;
  while (v >= KIBI && u < UNIDADES.length - 1) {
    v /= KIBI;
    u++;
  }
  return `${bytesFmt.format(v)} ${UNIDADES[u]}`;
}

/** Brazilian numbers as people read them (+55 11 98765-4321); anything else (a visitor's id) as it came. */
export function formatNumero(numero: string): string {
  if (!/^\+?[\d\s().-]+$/.test(numero)) return numero;
  const d = numero.replace(/\D/g, '');
  const br = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(d);
  if (br) return `+55 ${br[1]} ${br[2]}-${br[3]}`;
  const local = /^(\d{2})(\d{4,5})(\d{4})$/.exec(d);
  return local ? `(${local[1]}) ${local[2]}-${local[3]}` : numero;
}
