import { z } from 'zod';

/**
 * Spec part 1 §7: the personal dashboard calls, dates as local-time ISO without Z. The shape first, then a
 * real calendar date and clock time: `2024-13-45T99:99` is a 400, never a 500 from the SQL cast.
 */
const ZLocalIso = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/, 'Data inválida.')
  .pipe(z.iso.datetime({ local: true, error: 'Data inválida.' }));
export const ZDashboardQuery = z.object({ atendenteId: z.string().min(1).max(64), dataInicio: ZLocalIso, dataFim: ZLocalIso });
export type TDashboardQuery = z.infer<typeof ZDashboardQuery>;
export const ATENDENTE_TODOS = 'todos';

export const ZDashboardResult = z.object({
  atendimentosFinalizados: z.number().int(),
  atendimentosAbertos: z.number().int(),
  notaMedia: z.number().nullable(),
  /** Minutes as text (spec part 1 §3), shown as HH:MM:SS. */
  tempoMedioAtendimento: z.string().nullable(),
});
export type TDashboardResult = z.infer<typeof ZDashboardResult>;
export const ZDashboardRow = z.object({
  ticket: z.number().int(),
  inicio: z.string().nullable(),
  fim: z.string().nullable(),
  nota: z.number().int().nullable(),
});
export const ZDashboardList = z.array(ZDashboardRow);

export const DASHBOARD_TEXTS = {
  vazio: 'Nenhum atendimento encontrado.',
  na: 'N/A',
  zero: '00:00:00',
  dataInvalida: 'Data Inválida',
} as const;
export const PERIODOS = { dia: 'Dia', semana: 'Semana', mes: 'Mês' } as const;
export type TPeriodo = keyof typeof PERIODOS;

/** Spec part 1 §3: minutes as text -> HH:MM:SS; 'N/A' when absent, '00:00:00' when unparsable. */
export function formatMinutes(text: string | null | undefined): string {
  if (text === null || text === undefined || text === '') return DASHBOARD_TEXTS.na;
  const minutes = Number.parseFloat(String(text).replace(',', '.'));
  if (!Number.isFinite(minutes) || minutes < 0) return DASHBOARD_TEXTS.zero;
  const total = Math.round(minutes * 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

export * from './overview';
