import { z } from 'zod';

export const AUTOMATICO_TEXTS = {
  horaInvalida: 'Use o formato HH:MM (00:00 a 23:59).',
  periodoInvertido: 'O fim do período deve ser depois do início.',
  diaInvalido: 'Dia da semana inválido (0 = domingo, 6 = sábado).',
  diaRepetido: 'Cada dia da semana aparece uma vez só.',
  dataInvalida: 'Use datas no formato AAAA-MM-DD.',
  mensagemVazia: 'Escreva a mensagem.',
  mensagemLonga: 'Use no máximo 1000 caracteres.',
  numeroRepetido: 'Cada opção precisa de um número diferente.',
  opcoesVazias: 'Inclua ao menos uma opção no menu ativo.',
  departamentoInexistente: 'Departamento não encontrado.',
  canalNaoEncontrado: 'Canal não encontrado.',
  horarioDaConta: 'O departamento voltou a seguir o horário da conta.',
  salvo: 'Configuração salva.',
  /** The system line when the customer's answer picks an option. */
  opcaoEscolhida: (numero: number, texto: string) => `Cliente escolheu no menu: ${numero} - ${texto}.`,
  /** The system line when the tries run out: the conversation stays in the general queue. */
  semEscolha: 'Cliente não escolheu uma opção do menu: o atendimento segue na fila geral.',
  foraDoHorario: 'fora do horário',
  /** The default away message of an account that never set one. */
  mensagemPadrao: 'Olá! Estamos fora do horário de atendimento. Responderemos assim que possível.',
} as const;

/** Limits that keep a menu readable on a phone. */
export const MENU_MAX_OPCOES = 9;
export const MENU_MAX_TENTATIVAS = 10;
const TEXTO_MAX = 1000;

const ZHora = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: AUTOMATICO_TEXTS.horaInvalida });
export const ZPeriodo = z
  .object({ inicio: ZHora, fim: ZHora })
  .refine((p) => p.fim > p.inicio, { error: AUTOMATICO_TEXTS.periodoInvertido, path: ['fim'] });
const ZMensagemTexto = z
  .string()
  .trim()
  .min(1, { error: AUTOMATICO_TEXTS.mensagemVazia })
  .max(TEXTO_MAX, { error: AUTOMATICO_TEXTS.mensagemLonga });

/** GET/PUT /backend/api/atendimento-automatico/horarios: the account's hours in its own time zone. */
export const ZHorarios = z.object({
  /** Week days (0 Sunday … 6 Saturday) with their open periods; a day absent is closed. */
  dias: z
    .array(
      z.object({
        dia: z.number().int().min(0, { error: AUTOMATICO_TEXTS.diaInvalido }).max(6, { error: AUTOMATICO_TEXTS.diaInvalido }),
        periodos: z.array(ZPeriodo).max(6),
      }),
    )
    .max(7)
    .refine((d) => new Set(d.map((x) => x.dia)).size === d.length, { error: AUTOMATICO_TEXTS.diaRepetido }),
  /** Closed all day (YYYY-MM-DD, in the account's zone). */
  feriados: z.array(z.iso.date({ error: AUTOMATICO_TEXTS.dataInvalida })).max(200),
  mensagemForaDoHorario: ZMensagemTexto,
});
export type THorarios = z.infer<typeof ZHorarios>;
/** The answer also names the zone the hours are read in (the account's). */
export const ZHorariosResposta = ZHorarios.extend({ timeZone: z.string(), configurado: z.boolean() });
export type THorariosResposta = z.infer<typeof ZHorariosResposta>;
/**
 * GET/PUT/DELETE /backend/api/atendimento-automatico/horarios/{departamentoId}: a department's own hours; without
 * them (`proprio: false`) the answer carries the account's, which its conversations follow.
 */
export const ZHorariosDepartamentoResposta = ZHorariosResposta.extend({ departamentoId: z.string(), proprio: z.boolean() });
export type THorariosDepartamentoResposta = z.infer<typeof ZHorariosDepartamentoResposta>;

export const ZOpcaoMenu = z.object({
  numero: z.number().int().min(1).max(MENU_MAX_OPCOES),
  texto: z.string().trim().min(1, { error: AUTOMATICO_TEXTS.mensagemVazia }).max(60),
  departamentoId: z.uuid({ error: AUTOMATICO_TEXTS.departamentoInexistente }),
});
export type TOpcaoMenu = z.infer<typeof ZOpcaoMenu>;

/** GET/PUT /backend/api/atendimento-automatico/menu/{canalId}: the channel's welcome menu. */
export const ZMenu = z
  .object({
    ativo: z.boolean(),
    saudacao: ZMensagemTexto,
    opcoes: z.array(ZOpcaoMenu).max(MENU_MAX_OPCOES),
    mensagemOpcaoInvalida: ZMensagemTexto,
    tentativas: z.number().int().min(1).max(MENU_MAX_TENTATIVAS),
  })
  .superRefine((m, ctx) => {
    if (new Set(m.opcoes.map((o) => o.numero)).size !== m.opcoes.length)
      ctx.addIssue({ code: 'custom', path: ['opcoes'], message: AUTOMATICO_TEXTS.numeroRepetido });
    if (m.ativo && m.opcoes.length === 0) ctx.addIssue({ code: 'custom', path: ['opcoes'], message: AUTOMATICO_TEXTS.opcoesVazias });
  });
export type TMenu = z.infer<typeof ZMenu>;
export const ZMenuResposta = z.object({
  canalId: z.string(),
  ativo: z.boolean(),
  saudacao: z.string(),
  opcoes: z.array(ZOpcaoMenu),
  mensagemOpcaoInvalida: z.string(),
  tentativas: z.number().int(),
});

/**
 * GET /backend/api/atendimento-automatico/canais: every live channel of the account, each able to answer its
 * customers (Cloud API, WhatsApp Web, the site's chat), with its provider's name (rotulo).
 */
export const ZCanalComMenu = z.object({ id: z.string(), nome: z.string(), rotulo: z.string(), ativo: z.boolean() });
export type TCanalComMenu = z.infer<typeof ZCanalComMenu>;

/** What the customer reads: the greeting, then one option a line ("1 - Vendas"), then how to see it again. */
export function textoDoMenu(m: Pick<TMenu, 'saudacao' | 'opcoes'>): string {
  const linhas = [...m.opcoes].sort((a, b) => a.numero - b.numero).map((o) => `${o.numero} - ${o.texto}`);
  return [m.saudacao, '', ...linhas, '', 'Digite 0 para ver o menu de novo.'].join('\n');
}

/** An answer as compared with an option's text: without accents, case or extra spaces. */
export const normalizarResposta = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
