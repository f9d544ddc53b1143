import { TZDate } from '@date-fns/tz';
import { addDays, endOfDay, format, startOfDay } from 'date-fns';
import type { TDashboardQuery, TPeriodo } from '@balcao/shared/dashboard';
import { ACCOUNT_TIME_ZONE } from '@/features/atendimentos/format';

/**
 * Spec part 1 §7: the server reads the dates as wall time in the account's zone, so they are built in that
 * zone (not the browser's: an attendant travelling or a machine on UTC would otherwise ask for the wrong day).
 */
export const toLocalIso = (d: Date) => format(d, "yyyy-MM-dd'T'HH:mm:ss");

/** How many calendar days each period spans, today included (spec part 1 §9). */
export const PERIODO_DIAS: Record<TPeriodo, number> = { dia: 1, semana: 7, mes: 30 };
export const PERIODO_PADRAO: TPeriodo = 'mes';

/** The first instant of the period, as a date in the account's zone. */
export const inicioDoPeriodo = (periodo: TPeriodo, now: Date, tz: string) =>
  startOfDay(addDays(new TZDate(now, tz), 1 - PERIODO_DIAS[periodo]));

/**
 * Spec part 1 §9: Dia is today 00:00 to 23:59:59; Semana and Mês the last 7 and 30 days, counted as whole
 * calendar days with today included (Semana: 00:00 six days ago to 23:59:59 today), so an attendance from the
 * first hour of the oldest day is not cut off by the time of day the dialog was opened.
 */
export function periodRange(
  periodo: TPeriodo,
  now: Date = new Date(),
  tz: string = ACCOUNT_TIME_ZONE,
): Pick<TDashboardQuery, 'dataInicio' | 'dataFim'> {
  return { dataInicio: toLocalIso(inicioDoPeriodo(periodo, now, tz)), dataFim: toLocalIso(endOfDay(new TZDate(now, tz))) };
}
