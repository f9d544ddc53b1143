import { addDays, endOfDay, format, startOfDay } from 'date-fns';
import type { TDashboardQuery, TPeriodo } from '@balcao/shared/dashboard';

/** Spec part 1 §7: the server reads dates as the account's local time, so we send local wall time without a zone. */
export const toLocalIso = (d: Date) => format(d, "yyyy-MM-dd'T'HH:mm:ss");

/** How many calendar days each period spans, today included (spec part 1 §9). */
export const PERIODO_DIAS: Record<TPeriodo, number> = { dia: 1, semana: 7, mes: 30 };
export const PERIODO_PADRAO: TPeriodo = 'mes';

/**
 * Spec part 1 §9: Dia is today 00:00 to 23:59:59; Semana and Mês the last 7 and 30 days, counted as whole
 * calendar days with today included (Semana: 00:00 six days ago to 23:59:59 today), so an attendance from the
 * first hour of the oldest day is not cut off by the time of day the dialog was opened.
 */
export function periodRange(periodo: TPeriodo, now: Date = new Date()): Pick<TDashboardQuery, 'dataInicio' | 'dataFim'> {
  const inicio = startOfDay(addDays(now, 1 - PERIODO_DIAS[periodo]));
  return { dataInicio: toLocalIso(inicio), dataFim: toLocalIso(endOfDay(now)) };
}
