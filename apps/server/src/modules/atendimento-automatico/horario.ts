import { TZDate } from '@date-fns/tz';
import type { THorarios } from '@balcao/shared/atendimento-automatico';

/** How far back a closed period's start is looked for: more than a week means "closed every day". */
const DIAS_PARA_TRAS = 8;
/** The beginning of time for a schedule never open: the away message then goes once per conversation. */
const SEMPRE_FECHADO = new Date(0);

const minutos = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** '23:59' as an end means the day's end: 22:00–23:59 then 00:00–02:00 is one evening open across midnight. */
const fimEmMinutos = (hhmm: string) => (hhmm === '23:59' ? 24 * 60 : minutos(hhmm));
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Whether the account is open at `now`, read in its time zone (the zone's own rules decide the wall clock:
 * TZDate), and if not since when: the end of the latest open period (a holiday is closed all day). Answers
 * null when open; SEMPRE_FECHADO when no period ended in the last week.
 */
export function closedSince(h: Pick<THorarios, 'dias' | 'feriados'>, now: Date, timeZone: string): Date | null {
  const local = new TZDate(now.getTime(), timeZone);
  const feriados = new Set(h.feriados);
  const porDia = new Map(h.dias.map((d) => [d.dia, d.periodos]));
  let ultimoFim: Date | null = null;
  for (let back = 0; back <= DIAS_PARA_TRAS; back++) {
    // Noon of that calendar day in the zone: its date and week day, whatever the offset.
    const dia = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() - back, 12, 0, timeZone);
    const chave = `${dia.getFullYear()}-${pad(dia.getMonth() + 1)}-${pad(dia.getDate())}`;
    if (feriados.has(chave)) continue;
    for (const p of porDia.get(dia.getDay()) ?? []) {
      const at = (m: number) => new TZDate(dia.getFullYear(), dia.getMonth(), dia.getDate(), Math.floor(m / 60), m % 60, timeZone);
      const inicio = at(minutos(p.inicio));
      const fim = at(fimEmMinutos(p.fim));
      if (inicio.getTime() <= now.getTime() && now.getTime() < fim.getTime()) return null;
      if (fim.getTime() <= now.getTime() && (!ultimoFim || fim.getTime() > ultimoFim.getTime())) ultimoFim = new Date(fim.getTime());
    }
    // The latest end is on the most recent day that had one (earlier days end earlier).
    if (ultimoFim) return ultimoFim;
  }
  return SEMPRE_FECHADO;
}
