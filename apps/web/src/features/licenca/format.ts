import { TZDate } from '@date-fns/tz';
import { format, isValid } from 'date-fns';
import { ACCOUNT_TIME_ZONE } from '@/features/atendimentos/format';
import { dataHora } from '@/features/chat-interno/format';

/** dd/MM/yyyy with an optional HH:mm[:ss]: a Brazilian date, which `new Date` would read month-first. */
const DATA_BR = /^(\d{2})\/(\d{2})\/(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A charge's dataCriacao as dd/MM/yy HH:mm. Spec part 1 §3 allows ISO or dd/MM/yyyy: the latter is read day-first,
 * as a wall-clock time of the account's zone (it carries none).
 */
export function dataCobranca(texto: string, tz = ACCOUNT_TIME_ZONE): string {
  const m = DATA_BR.exec(texto.trim());
  if (!m) return dataHora(texto, tz);
  const [dia, mes, ano, hora, minuto, segundo] = m.slice(1).map((v) => Number(v ?? 0)) as number[];
  const d = new TZDate(ano!, mes! - 1, dia!, hora!, minuto!, segundo!, tz);
  const real = isValid(d) && d.getDate() === dia && d.getMonth() === mes! - 1;
  return real ? format(d, 'dd/MM/yy HH:mm') : dataHora('', tz);
}
