import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import type { TAtendimento } from '@balcao/shared/atendimentos';
import { ACCOUNT_TIME_ZONE } from '@/lib/time-zone';
import { useForaDaJanela } from './whatsapp';

/** The last hour of the window reads as a warning, counted in minutes. */
const AVISO_MS = 60 * 60 * 1000;
/** How often the count of minutes is redrawn. */
const MINUTO_MS = 60 * 1000;

export type TEstadoJanela = { aberta: true; fechaEm: Date; fechaLogo: boolean } | { aberta: false };

/** The window's state at `agora`: null where the channel has no reply window; closed too after a refused send. */
function estadoJanela(janela: TAtendimento['janela'], recusada: boolean, agora: number): TEstadoJanela | null {
  if (!janela) return recusada ? { aberta: false } : null;
  const fecha = janela.fechaEm ? new Date(janela.fechaEm) : null;
  if (recusada || !fecha || fecha.getTime() <= agora) return { aberta: false };
  return { aberta: true, fechaEm: fecha, fechaLogo: fecha.getTime() - agora <= AVISO_MS };
}

/** 'fecha às 14:32', 'fecha amanhã às 09:10', 'fecha em 35 min' (the account's time zone). */
export function formatClosesAt(fechaEm: Date, agora: number, tz = ACCOUNT_TIME_ZONE): string {
  const falta = fechaEm.getTime() - agora;
  if (falta <= AVISO_MS) return `fecha em ${Math.max(1, Math.ceil(falta / MINUTO_MS))} min`;
  const dia = (d: Date | number) => format(new TZDate(typeof d === 'number' ? d : d.getTime(), tz), 'yyyy-MM-dd');
  const hora = format(new TZDate(fechaEm, tz), 'HH:mm');
  return dia(fechaEm) === dia(agora) ? `fecha às ${hora}` : `fecha amanhã às ${hora}`;
}

/** The conversation's reply window, redrawn as time passes (each minute, and when it closes). */
export function useJanela(a: Pick<TAtendimento, 'atendimentoId' | 'janela'>): { estado: TEstadoJanela | null; agora: number } {
  const recusada = useForaDaJanela(a.atendimentoId);
  const [agora, setAgora] = useState(() => Date.now());
  const fechaEm = a.janela?.fechaEm ? new Date(a.janela.fechaEm).getTime() : null;
  useEffect(() => {
    if (fechaEm === null || fechaEm <= agora) return;
    const t = window.setTimeout(() => setAgora(Date.now()), Math.min(fechaEm - agora, MINUTO_MS));
    return () => window.clearTimeout(t);
  }, [fechaEm, agora]);
  return { estado: estadoJanela(a.janela, recusada, agora), agora };
}
