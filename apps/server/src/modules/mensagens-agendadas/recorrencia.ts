import { TZDate } from '@date-fns/tz';
import { DATA_LOCAL_RE, type TRecorrencia } from '@balcao/shared/mensagens-agendadas';

type Local = { y: number; mo: number; d: number; h: number; mi: number; s: number };

/** Longest run of days without an occurrence: a month (a weekly rule within 7, a monthly one within 31). */
const DIAS_MAX = 400;

function parseLocal(dataEnvio: string): Local {
  const m = DATA_LOCAL_RE.exec(dataEnvio);
  if (!m) throw new Error(`data local inválida: ${dataEnvio}`);
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  return { y, mo, d, h, mi, s };
}

/** The instant a wall-clock time of `timeZone` stands for (a time skipped by a DST change moves forward). */
function instantOf(l: Local, timeZone: string): Date {
  return new Date(new TZDate(l.y, l.mo - 1, l.d, l.h, l.mi, l.s, timeZone).getTime());
}

/** The calendar day of an instant in `timeZone`, as a UTC midnight (day arithmetic without zones). */
function dayOf(instant: Date, timeZone: string): number {
  const z = new TZDate(instant.getTime(), timeZone);
  return Date.UTC(z.getFullYear(), z.getMonth(), z.getDate());
}

const diasNoMes = (y: number, mo: number) => new Date(Date.UTC(y, mo, 0)).getUTCDate();

/** The wall-clock time of `dataEnvio` as an instant of the account's zone (what a one-off's send time is). */
export const primeiroEnvio = (dataEnvio: string, timeZone: string) => instantOf(parseLocal(dataEnvio), timeZone);

/**
 * The first send strictly after `after`, never before `dataEnvio` itself, at `dataEnvio`'s time of day in the
 * account's zone: every day; on the chosen weekdays (default: `dataEnvio`'s); on the chosen day of the month
 * (default: `dataEnvio`'s), the month's last day when it is shorter (31 → 30 April, 28 or 29 February). A
 * one-off has a single time. Null when there is none left.
 */
export function proximoEnvio(dataEnvio: string, rec: TRecorrencia, timeZone: string, after: Date): Date | null {
  const start = parseLocal(dataEnvio);
  const first = instantOf(start, timeZone);
  if (rec.tipo === 'unica') return first > after ? first : null;
  const startDay = Date.UTC(start.y, start.mo - 1, start.d);
  const fromDay = Math.max(startDay, dayOf(after, timeZone));
  const weekdays = new Set(rec.diasSemana?.length ? rec.diasSemana : [new Date(startDay).getUTCDay()]);
  const diaMes = rec.diaMes ?? start.d;
  for (let i = 0; i < DIAS_MAX; i++) {
    const day = new Date(fromDay + i * 86_400_000);
    const y = day.getUTCFullYear();
    const mo = day.getUTCMonth() + 1;
    const d = day.getUTCDate();
    if (rec.tipo === 'semanal' && !weekdays.has(day.getUTCDay())) continue;
    if (rec.tipo === 'mensal' && d !== Math.min(diaMes, diasNoMes(y, mo))) continue;
    const t = instantOf({ ...start, y, mo, d }, timeZone);
    if (t > after && t >= first) return t;
  }
  return null;
}
