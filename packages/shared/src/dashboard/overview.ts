import { z } from 'zod';
import { TIPOS_CANAL } from '../canais';

/**
 * The overview dashboard (`/dashboard`, admin and master). Periods are spec part 1 §9's (Dia is
 * today 00:00 to 23:59:59, Semana the last 7 days, Mês the last 30 days) plus a custom range of calendar
 * days; all in the account's time zone. Durations are seconds.
 */
export const PERIODOS_VISAO_GERAL = ['dia', 'semana', 'mes', 'personalizado'] as const;
export type TPeriodoVisaoGeral = (typeof PERIODOS_VISAO_GERAL)[number];
export const PERIODO_VISAO_GERAL_LABEL: Record<TPeriodoVisaoGeral, string> = {
  dia: 'Dia',
  semana: 'Semana',
  mes: 'Mês',
  personalizado: 'Personalizado',
};
/** Days each preset covers, today included (spec part 1 §9). */
export const PERIODO_DIAS = { dia: 1, semana: 7, mes: 30 } as const;
/** Longest custom range, so one request cannot aggregate years. */
export const PERIODO_MAX_DIAS = 366;

export const VISAO_GERAL_TEXTS = {
  dataInvalida: 'Data inválida.',
  intervaloObrigatorio: 'Informe o início e o fim do período.',
  intervaloInvertido: 'O início do período deve ser antes do fim.',
  intervaloLongo: `Escolha um período de no máximo ${PERIODO_MAX_DIAS} dias.`,
  semDepartamento: 'Sem departamento',
  vazio: 'Nenhum atendimento no período.',
} as const;

const ZDia = z.iso.date({ error: VISAO_GERAL_TEXTS.dataInvalida });

/** GET /backend/api/dashboard/visao-geral query. */
export const ZVisaoGeralQuery = z
  .object({
    periodo: z.enum(PERIODOS_VISAO_GERAL).default('mes'),
    /** Calendar days (YYYY-MM-DD) in the account's zone, both included; only for `personalizado`. */
    dataInicio: ZDia.optional(),
    dataFim: ZDia.optional(),
    departamentoId: z.uuid().optional(),
    atendenteId: z.uuid().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.periodo !== 'personalizado') return;
    if (!q.dataInicio || !q.dataFim) {
      ctx.addIssue({ code: 'custom', path: [q.dataInicio ? 'dataFim' : 'dataInicio'], message: VISAO_GERAL_TEXTS.intervaloObrigatorio });
      return;
    }
    const dias = (Date.parse(q.dataFim) - Date.parse(q.dataInicio)) / 86_400_000 + 1;
    if (dias < 1) ctx.addIssue({ code: 'custom', path: ['dataFim'], message: VISAO_GERAL_TEXTS.intervaloInvertido });
    else if (dias > PERIODO_MAX_DIAS) ctx.addIssue({ code: 'custom', path: ['dataFim'], message: VISAO_GERAL_TEXTS.intervaloLongo });
  });
export type TVisaoGeralQuery = z.input<typeof ZVisaoGeralQuery>;

const porCanal = Object.fromEntries(TIPOS_CANAL.map((c) => [c, z.number().int()])) as Record<(typeof TIPOS_CANAL)[number], z.ZodNumber>;

export const ZVisaoGeral = z.object({
  /** The period actually used: first and last calendar day, and the instants bounding it. */
  periodo: z.object({ dataInicio: z.string(), dataFim: z.string(), inicio: z.string(), fim: z.string(), timeZone: z.string() }),
  cards: z.object({
    /** Atendimentos started in the period. */
    abertos: z.number().int(),
    /** Atendimentos finished in the period. */
    finalizados: z.number().int(),
    /** Waiting for an attendant now (not bound to the period). */
    aguardandoAgora: z.number().int(),
    /** Average from the start to the first attendant message, of atendimentos started in the period. */
    tempoMedioPrimeiraResposta: z.number().nullable(),
    /** Average from start to finish, of atendimentos finished in the period. */
    tempoMedioAtendimento: z.number().nullable(),
    notaMedia: z.number().nullable(),
    avaliacoes: z.number().int(),
  }),
  /** Atendimentos started per calendar day, by channel; every day of the period present. */
  porDia: z.array(z.object({ dia: z.string(), total: z.number().int(), ...porCanal })),
  /** Atendimentos started per hour of day (0 to 23, all present). */
  porHora: z.array(z.object({ hora: z.number().int(), total: z.number().int() })),
  /** Started and finished in the period per department (null: none). */
  porDepartamento: z.array(
    z.object({ departamentoId: z.string().nullable(), nome: z.string(), abertos: z.number().int(), finalizados: z.number().int() }),
  ),
  /** One row per attendant (admin and atendente users, and whoever finished something in the period). */
  atendentes: z.array(
    z.object({
      id: z.string(),
      nome: z.string(),
      fotoUrl: z.string().nullable(),
      finalizados: z.number().int(),
      tempoMedioAtendimento: z.number().nullable(),
      notaMedia: z.number().nullable(),
      avaliacoes: z.number().int(),
      online: z.boolean(),
    }),
  ),
  /** Atendimentos started in the period carrying each of the account's labels (every label present). */
  porEtiqueta: z.array(z.object({ etiquetaId: z.string(), nome: z.string(), cor: z.string(), abertos: z.number().int() })).optional(),
});
export type TVisaoGeral = z.infer<typeof ZVisaoGeral>;

/** Seconds as HH:MM:SS (hours may pass 24); '—' for none. */
export function formatDuracao(segundos: number | null | undefined): string {
  if (segundos === null || segundos === undefined || !Number.isFinite(segundos) || segundos < 0) return '—';
  const t = Math.round(segundos);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(t / 3600))}:${pad(Math.floor((t % 3600) / 60))}:${pad(t % 60)}`;
}
