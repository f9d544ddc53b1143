import { format, isValid, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { DASHBOARD_TEXTS } from '@balcao/shared/dashboard';

/** Spec part 1 §3: a list date as dd/mm/yyyy hh:mm (pt-BR, 24 h); 'N/A' when missing, 'Data Inválida' when unreadable. */
export function formatDateCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return DASHBOARD_TEXTS.na;
  // parseISO, not `new Date`: it reads a string without a zone as local time and rejects loose formats.
  const date = parseISO(value.trim());
  return isValid(date) ? format(date, 'dd/MM/yyyy HH:mm', { locale: ptBR }) : DASHBOARD_TEXTS.dataInvalida;
}

const notaFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** Average rating with one decimal ('4,5'); 'N/A' while nobody has rated. */
export const formatNota = (nota: number | null | undefined) => (nota === null || nota === undefined || !Number.isFinite(nota) ? DASHBOARD_TEXTS.na : notaFormat.format(nota));

/** A count; 'N/A' when the numbers could not be loaded (spec part 1 §8: load failures stay silent). */
export const formatCount = (n: number | null | undefined) => (n === null || n === undefined ? DASHBOARD_TEXTS.na : n.toLocaleString('pt-BR'));
