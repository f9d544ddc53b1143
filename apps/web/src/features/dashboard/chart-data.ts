import { addDays, addHours, format, isValid, parseISO } from 'date-fns';
import type { TPeriodo } from '@balcao/shared/dashboard';
import { ACCOUNT_TIME_ZONE } from '@/features/atendimentos/format';
import { PERIODO_DIAS, inicioDoPeriodo } from './periods';

export type Bucket = { label: string; count: number };

/**
 * Finished attendances of the list counted per hour (Dia) or per day (Semana, Mês) of the account's zone,
 * over the same range as `periodRange`. Counted by `fim`, the moment it finished; rows without a readable
 * end are left out.
 */
export function bucketFinalizados(
  rows: readonly { fim: string | null }[],
  periodo: TPeriodo,
  now: Date = new Date(),
  tz: string = ACCOUNT_TIME_ZONE,
): Bucket[] {
  const porHora = periodo === 'dia';
  const inicio = inicioDoPeriodo(periodo, now, tz);
  const size = porHora ? 24 : PERIODO_DIAS[periodo];
  const step = porHora ? addHours : addDays;
  const buckets = Array.from({ length: size }, (_, i) => {
    const at = step(inicio, i);
    return { start: at.getTime(), label: format(at, porHora ? "HH'h'" : 'dd/MM'), count: 0 };
  });
  const end = step(inicio, size).getTime();
  for (const row of rows) {
    const fim = row.fim ? parseISO(row.fim).getTime() : Number.NaN;
    if (!isValid(fim) || fim < inicio.getTime() || fim >= end) continue;
    // Last bucket that starts at or before the end time (DST days make hours uneven, so no division).
    let i = buckets.length - 1;
    while (i > 0 && buckets[i]!.start > fim) i--;
    buckets[i]!.count++;
  }
  return buckets.map(({ label, count }) => ({ label, count }));
}
