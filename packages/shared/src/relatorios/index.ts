import { z } from 'zod';

export const RELATORIOS_TEXTS = {
  dataInvalida: 'Data inválida.',
  intervaloInvertido: 'O início do período deve ser antes do fim.',
} as const;

/** A date (YYYY-MM-DD, the whole day in the account's zone) or an instant (YYYY-MM-DDTHH:MM[:SS], in the account's zone). */
const ZInstante = z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/, { error: RELATORIOS_TEXTS.dataInvalida });

/** GET /backend/api/relatorios/atendimentos.csv. */
export const ZRelatorioAtendimentosQuery = z.object({
  dataInicio: ZInstante,
  dataFim: ZInstante,
  departamentoId: z.uuid().optional(),
  atendenteId: z.uuid().optional(),
});
export type TRelatorioAtendimentosQuery = z.infer<typeof ZRelatorioAtendimentosQuery>;

/** The export's columns, as the spreadsheet's first line shows them. */
export const COLUNAS_ATENDIMENTOS_CSV = [
  'Ticket',
  'Cliente',
  'Número',
  'Canal',
  'Departamento',
  'Atendente',
  'Status',
  'Início',
  'Fim',
  'Primeira resposta (min)',
  'Duração (min)',
  'Nota',
  'Etiquetas',
] as const;
