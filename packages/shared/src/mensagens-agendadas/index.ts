import { z } from 'zod';
import { type TModeloEscolhido, ZMidia, ZModeloEscolhido } from '../atendimentos';

/** Spec part 2 §9: list defaults. */
export const AGENDADAS_PAGE_DEFAULT = 1;
export const AGENDADAS_TAKE_DEFAULT = 10;
export const CONTEUDO_AGENDADA_MAX = 4096;

export const MENSAGENS_AGENDADAS_TEXTS = {
  /** Spec part 2 §8: the fallbacks of the HTTP 400 message choice. */
  erroBuscarLista: 'Erro ao buscar mensagens agendadas',
  erroBuscar: 'Erro ao buscar mensagem agendada',
  erroSalvar: 'Erro ao salvar mensagem agendada',
  erroDeletar: 'Erro ao deletar mensagem agendada',
  erroAtivar: 'Erro ao ativar mensagem agendada',
  erroDesativar: 'Erro ao desativar mensagem agendada',
  titulo: 'Mensagens Agendadas',
  nova: 'Nova mensagem agendada',
  editar: 'Editar mensagem agendada',
  nenhuma: 'Nenhuma mensagem agendada.',
  salva: 'Mensagem agendada salva.',
  excluida: 'Mensagem agendada excluída.',
  ativada: 'Mensagem agendada ativada.',
  desativada: 'Mensagem agendada desativada.',
  naoEncontrada: 'Mensagem agendada não encontrada.',
  clienteVazio: 'Escolha o cliente.',
  clienteNaoEncontrado: 'Cliente não encontrado.',
  canalVazio: 'Escolha o canal.',
  canalNaoEncontrado: 'Canal não encontrado.',
  canalSemEnvio: 'Este canal não permite iniciar conversas: escolha um número do WhatsApp (API oficial ou WhatsApp Web).',
  modeloSemSuporte: 'Este canal não usa modelos do WhatsApp: escreva a mensagem sem modelo.',
  unicaConcluida: 'Esta mensagem já foi concluída. Para enviar de novo, edite-a e escolha uma nova data e hora.',
  clienteSemNumero: 'O cliente não tem número de WhatsApp.',
  conteudoVazio: 'Escreva a mensagem.',
  dataVazia: 'Informe a data e a hora do envio.',
  dataInvalida: 'Data inválida',
  dataPassada: 'Escolha uma data e hora no futuro.',
  diasSemanaVazio: 'Escolha pelo menos um dia da semana.',
  diaMesInvalido: 'Escolha um dia do mês entre 1 e 31.',
  somenteAdmin: 'Somente administradores gerenciam mensagens agendadas.',
  /** The scheduler's reasons, shown on the row. */
  foraDaJanela:
    'Passaram-se mais de 24 horas desde a última mensagem do cliente no WhatsApp: escolha um modelo aprovado para enviar esta mensagem.',
  canalInativo: 'O canal está pausado ou foi removido: a mensagem não pôde ser enviada.',
  erroInterno: 'Falha inesperada ao enviar; uma nova tentativa será feita.',
} as const;

export const RECORRENCIAS = ['unica', 'diaria', 'semanal', 'mensal'] as const;
export const ZTipoRecorrencia = z.enum(RECORRENCIAS);
export type TTipoRecorrencia = z.infer<typeof ZTipoRecorrencia>;
export const RECORRENCIA_LABEL: Record<TTipoRecorrencia, string> = {
  unica: 'Uma vez',
  diaria: 'Todos os dias',
  semanal: 'Toda semana',
  mensal: 'Todo mês',
};
/** 0 = domingo ... 6 = sábado (JavaScript's getDay). */
export const DIAS_SEMANA = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

export const ZRecorrencia = z
  .object({
    tipo: ZTipoRecorrencia,
    diasSemana: z.array(z.number().int().min(0).max(6)).max(7).optional(),
    diaMes: z
      .number({ error: MENSAGENS_AGENDADAS_TEXTS.diaMesInvalido })
      .int()
      .min(1, MENSAGENS_AGENDADAS_TEXTS.diaMesInvalido)
      .max(31, MENSAGENS_AGENDADAS_TEXTS.diaMesInvalido)
      .optional(),
  })
  .refine((r) => r.tipo !== 'semanal' || r.diasSemana === undefined || r.diasSemana.length > 0, {
    message: MENSAGENS_AGENDADAS_TEXTS.diasSemanaVazio,
    path: ['diasSemana'],
  });
export type TRecorrencia = z.infer<typeof ZRecorrencia>;

/** A wall-clock time of the account's zone, without an offset: 2026-11-24T08:00 or 2026-11-24T08:00:00. */
export const DATA_LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
export const ZDataLocal = z
  .string({ error: MENSAGENS_AGENDADAS_TEXTS.dataVazia })
  .trim()
  .min(1, MENSAGENS_AGENDADAS_TEXTS.dataVazia)
  .regex(DATA_LOCAL_RE, MENSAGENS_AGENDADAS_TEXTS.dataInvalida)
  .refine((s) => {
    // A string the pattern refused is already reported (zod runs refinements after a failed check too).
    const m = DATA_LOCAL_RE.exec(s);
    if (!m) return true;
    const [y, mo, d, h, mi, se] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
    const t = new Date(Date.UTC(y, mo - 1, d, h, mi, se));
    return t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && h < 24 && mi < 60 && se < 60;
  }, MENSAGENS_AGENDADAS_TEXTS.dataInvalida);

/** A template chosen for sends outside the reply window (defined with the attendant's message: atendimentos). */
export { ZModeloEscolhido, type TModeloEscolhido };

/** POST /backend/mensagemagendada/save. */
export const ZMensagemAgendadaInput = z.object({
  id: z.uuid({ error: MENSAGENS_AGENDADAS_TEXTS.naoEncontrada }).optional(),
  clienteId: z.uuid({ error: MENSAGENS_AGENDADAS_TEXTS.clienteVazio }),
  canalId: z.uuid({ error: MENSAGENS_AGENDADAS_TEXTS.canalVazio }),
  conteudo: z
    .string({ error: MENSAGENS_AGENDADAS_TEXTS.conteudoVazio })
    .trim()
    .min(1, MENSAGENS_AGENDADAS_TEXTS.conteudoVazio)
    .max(CONTEUDO_AGENDADA_MAX),
  midia: ZMidia.nullish(),
  dataEnvio: ZDataLocal,
  recorrencia: ZRecorrencia.default({ tipo: 'unica' }),
  modelo: ZModeloEscolhido.nullish(),
  ativo: z.boolean().default(true),
});
export type TMensagemAgendadaInput = z.input<typeof ZMensagemAgendadaInput>;

export const STATUS_AGENDADA = ['ativa', 'inativa', 'concluida'] as const;
export const ZStatusAgendada = z.enum(STATUS_AGENDADA);
export type TStatusAgendada = z.infer<typeof ZStatusAgendada>;
export const STATUS_AGENDADA_LABEL: Record<TStatusAgendada, string> = { ativa: 'Ativa', inativa: 'Inativa', concluida: 'Concluída' };
/** The last send: waiting in WhatsApp's queue, accepted by the provider, or failed with a reason. */
export const RESULTADOS_ENVIO = ['enviando', 'enviada', 'falhou'] as const;
export const ZResultadoEnvio = z.enum(RESULTADOS_ENVIO);
export const RESULTADO_ENVIO_LABEL: Record<z.infer<typeof ZResultadoEnvio>, string> = {
  enviando: 'Enviando',
  enviada: 'Enviada',
  falhou: 'Falhou',
};

export const ZMensagemAgendada = z.object({
  id: z.string(),
  clienteId: z.string(),
  clienteNome: z.string(),
  clienteNumero: z.string().nullable(),
  canalId: z.string(),
  canalNome: z.string(),
  conteudo: z.string(),
  midia: ZMidia.nullable(),
  dataEnvio: z.string(),
  recorrencia: ZRecorrencia,
  modelo: ZModeloEscolhido.nullable(),
  ativo: z.boolean(),
  status: ZStatusAgendada,
  /** ISO instant of the next send; null once a one-off was sent (or when inactive). */
  proximoEnvio: z.string().nullable(),
  ultimoEnvioEm: z.string().nullable(),
  ultimoResultado: ZResultadoEnvio.nullable(),
  ultimoErro: z.string().nullable(),
  /** After a failed try: when the scheduler tries again (back-off); null otherwise. */
  proximaTentativaEm: z.string().nullable(),
  envios: z.number().int(),
  criadaEm: z.string(),
});
export type TMensagemAgendada = z.infer<typeof ZMensagemAgendada>;

/** The filter body of POST /backend/mensagemagendada/list (status, customer, text). */
export const ZMensagemAgendadaFiltro = z
  .object({
    status: ZStatusAgendada.optional(),
    clienteId: z.uuid().optional(),
    pesquisa: z.string().trim().max(100).optional(),
  })
  .nullish();
export type TMensagemAgendadaFiltro = z.infer<typeof ZMensagemAgendadaFiltro>;
export const ZMensagemAgendadaPagina = z.object({ lista: z.array(ZMensagemAgendada), total: z.number().int() });
export type TMensagemAgendadaPagina = z.infer<typeof ZMensagemAgendadaPagina>;

export const ZAtivarInput = z.object({ ativo: z.boolean() });
export const ZAtivarResposta = z.object({ ativo: z.boolean(), proximoEnvio: z.string().nullable() });

/**
 * GET /backend/mensagemagendada/canais: the account's channels that can write first (their capabilities say so),
 * with what the form offers on each: templates (the Cloud API's, for sends outside its 24-hour window) or not.
 */
export const ZCanalAgendavel = z.object({
  id: z.string(),
  nome: z.string(),
  ativo: z.boolean(),
  modelos: z.boolean(),
  /** The channel's reply window in ms (null: none, as on WhatsApp Web). */
  janelaRespostaMs: z.number().nullable(),
});
export type TCanalAgendavel = z.infer<typeof ZCanalAgendavel>;

/** GET /backend/mensagemagendada/modelos/{canalId}: the channel's approved WhatsApp templates. */
export const ZModeloWhatsApp = z.object({
  nome: z.string(),
  idioma: z.string(),
  categoria: z.string().nullable(),
  /** The body's text with its {{n}} placeholders. */
  corpo: z.string(),
  variaveis: z.number().int(),
});
export type TModeloWhatsApp = z.infer<typeof ZModeloWhatsApp>;

/** The body of a template with its variables filled (what the conversation shows). */
export const preencherModelo = (corpo: string, variaveis: string[]) =>
  corpo.replace(/\{\{(\d+)\}\}/g, (m, n: string) => variaveis[Number(n) - 1] ?? m);
