import { TZDate } from '@date-fns/tz';
import { format, isValid } from 'date-fns';
import { DIAS_SEMANA, RECORRENCIA_LABEL, type TRecorrencia } from '@balcao/shared/mensagens-agendadas';
import { ACCOUNT_TIME_ZONE } from '@/lib/time-zone';

/** Spec part 2 §5: dates read dd/MM/yy HH:mm (24-hour); an unparsable one reads 'Data inválida'. */
export function dataCurta(iso: string | null, tz = ACCOUNT_TIME_ZONE): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return isValid(d) ? format(new TZDate(d, tz), 'dd/MM/yy HH:mm') : 'Data inválida';
}

/** The account-zone wall-clock string the API takes (no Z), from a datetime-local input's value. */
export const toDataEnvio = (local: string) => (local.length === 16 ? `${local}:00` : local);

export function describeRecorrencia(r: TRecorrencia): string {
  if (r.tipo === 'semanal' && r.diasSemana?.length)
    return `${RECORRENCIA_LABEL.semanal} (${r.diasSemana.map((d) => DIAS_SEMANA[d]).join(', ')})`;
  if (r.tipo === 'mensal' && r.diaMes) return `${RECORRENCIA_LABEL.mensal} (dia ${r.diaMes})`;
  return RECORRENCIA_LABEL[r.tipo];
}
