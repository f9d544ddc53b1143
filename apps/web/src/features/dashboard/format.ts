import { TZDate } from '@date-fns/tz';
import { format, isValid, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { DASHBOARD_TEXTS } from '@balcao/shared/dashboard';
import { ACCOUNT_TIME_ZONE } from '@/features/atendimentos/format';

const HAS_ZONE = /(?:z|[+-]\d\d:?\d\d)$/i;

/**
 * Spec part 1 §3: a list date as dd/mm/yyyy hh:mm (pt-BR, 24 h); 'N/A' when missing, 'Data Inválida' when
 * unreadable. An instant (our API sends UTC ISO) is shown in the account's zone; a wall time without a zone
 * (the spec's older backend) is shown as written.
 */
export function formatDateCell(value: string | null | undefined, tz: string = ACCOUNT_TIME_ZONE): string {
  if (value === null || value === undefined || value.trim() === '') return DASHBOARD_TEXTS.na;
  const text = value.trim();
  // parseISO, not `new Date`: it rejects loose formats and reads a zone-less string as wall time.
  const date = parseISO(text);
  if (!isValid(date)) return DASHBOARD_TEXTS.dataInvalida;
  return format(HAS_ZONE.test(text) ? new TZDate(date, tz) : date, 'dd/MM/yyyy HH:mm', { locale: ptBR });
}

const notaFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** Average rating with one decimal ('4,5'); 'N/A' while nobody has rated. */
export const formatNota = (nota: number | null | undefined) =>
  nota === null || nota === undefined || !Number.isFinite(nota) ? DASHBOARD_TEXTS.na : notaFormat.format(nota);

/** A count; 'N/A' when the numbers could not be loaded (spec part 1 §8: load failures stay silent). */
export const formatCount = (n: number | null | undefined) =>
  n === null || n === undefined ? DASHBOARD_TEXTS.na : n.toLocaleString('pt-BR');

/** A count with its noun, in pt-BR numbers: '1 atendimento', '1.234 atendimentos'. */
export const formatQuantidade = (n: number, um: string, varios: string) => (n === 1 ? `1 ${um}` : `${formatCount(n)} ${varios}`);
