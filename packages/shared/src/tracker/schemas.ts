import { z } from 'zod';
import {
  CARTA_INCERTA,
  CARTAS_NUMERICAS,
  COLUNA_NOME_MAX,
  COLUNAS_MAX,
  COMENTARIO_MAX,
  DESCRICAO_TAREFA_MAX,
  ETIQUETA_MAX,
  ETIQUETAS_MAX,
  PRIORIDADES,
  RESPONSAVEIS_MAX,
  TITULO_TAREFA_MAX,
  TRACKER_TEXTS as T,
} from './constants';

const titulo = z.string({ error: T.tituloVazio }).trim().min(1, T.tituloVazio).max(TITULO_TAREFA_MAX);
const descricao = z.string().max(DESCRICAO_TAREFA_MAX);
const etiquetas = z
  .array(z.string().trim().min(1).max(ETIQUETA_MAX))
  .max(ETIQUETAS_MAX)
  .transform((a) => [...new Set(a)]);
const responsaveis = z
  .array(z.uuid({ error: T.responsavelInvalido }))
  .max(RESPONSAVEIS_MAX)
  .transform((a) => [...new Set(a)]);
const prazo = z.iso.date({ error: T.prazoInvalido }).nullable();
const numerica = z.literal(CARTAS_NUMERICAS, { error: T.cartaInvalida });
const complexidade = z.number({ error: T.complexidadeInvalida }).refine((n) => (CARTAS_NUMERICAS as readonly number[]).includes(n), {
  error: T.complexidadeInvalida,
});

/** POST /tarefas: a new task goes to the end of its column (the first column when none is given). */
export const ZTarefaInput = z.object({
  titulo,
  descricao: descricao.default(''),
  descricaoPublica: descricao.default(''),
  status: z.string().min(1).optional(),
  prioridade: z.enum(PRIORIDADES).default('media'),
  responsaveis: responsaveis.default([]),
  etiquetas: etiquetas.default([]),
  prazo: prazo.default(null),
  atendimentoId: z.uuid({ error: T.atendimentoInvalido }).nullable().default(null),
  clienteId: z.uuid({ error: T.clienteInvalido }).nullable().default(null),
  notificarCliente: z.boolean().default(false),
});
export type TTarefaInput = z.input<typeof ZTarefaInput>;

/** PATCH /tarefas/{id}: only what is given changes; the column moves through /mover. */
export const ZTarefaPatch = z.object({
  titulo: titulo.optional(),
  descricao: descricao.optional(),
  descricaoPublica: descricao.optional(),
  prioridade: z.enum(PRIORIDADES).optional(),
  responsaveis: responsaveis.optional(),
  etiquetas: etiquetas.optional(),
  prazo: prazo.optional(),
  complexidade: complexidade.nullable().optional(),
  notificarCliente: z.boolean().optional(),
});
export type TTarefaPatch = z.input<typeof ZTarefaPatch>;

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
/** GET /tarefas: with `status` one column in board order, otherwise newest number first. */
export const ZTarefasFiltro = z.object({
  minhas: bool.optional(),
  status: z.string().min(1).optional(),
  responsavel: z.uuid({ error: T.responsavelInvalido }).optional(),
  etiqueta: z.string().trim().min(1).optional(),
  q: z.string().trim().max(200).optional(),
  atendimentoId: z.uuid({ error: T.atendimentoInvalido }).optional(),
  cursor: z.string().max(200).optional(),
  limite: z.coerce.number().int().min(1).max(200).optional(),
});
export type TTarefasFiltro = z.input<typeof ZTarefasFiltro>;

export const ZPessoaRef = z.object({ id: z.string(), nome: z.string() });
export type TPessoaRef = z.infer<typeof ZPessoaRef>;

export const ZTarefa = z.object({
  id: z.string(),
  numero: z.number(),
  titulo: z.string(),
  descricao: z.string(),
  descricaoPublica: z.string(),
  status: z.string(),
  /** Sort key inside the column (ascending); moves send an index, not this. */
  ordem: z.number(),
  prioridade: z.enum(PRIORIDADES),
  responsaveis: z.array(ZPessoaRef),
  etiquetas: z.array(z.string()),
  prazo: z.string().nullable(),
  complexidade: z.number().nullable(),
  publica: z.boolean(),
  publicUrl: z.string().nullable(),
  notificarCliente: z.boolean(),
  atendimentoId: z.string().nullable(),
  clienteId: z.string().nullable(),
  criadoPor: ZPessoaRef.nullable(),
  criadaEm: z.string(),
  atualizadaEm: z.string(),
});
export type TTarefa = z.infer<typeof ZTarefa>;

export const ZTarefaPagina = z.object({ tarefas: z.array(ZTarefa), proximoCursor: z.string().nullable() });
export type TTarefaPagina = z.infer<typeof ZTarefaPagina>;

/** POST /tarefas/{id}/mover: `posicao` is the 0-based index in the destination column after the move. */
export const ZMoverInput = z.object({
  status: z.string({ error: T.colunaInvalida }).min(1, T.colunaInvalida),
  posicao: z.number().int().min(0),
});

export const ZColuna = z.object({ id: z.string(), nome: z.string(), ordem: z.number() });
export type TColuna = z.infer<typeof ZColuna>;
/** PUT /colunas: the whole board; a column without id is new, one left out is removed (when empty). */
export const ZColunasInput = z
  .array(
    z.object({
      id: z.string().min(1).max(40).optional(),
      nome: z.string({ error: T.colunaNomeVazio }).trim().min(1, T.colunaNomeVazio).max(COLUNA_NOME_MAX),
      ordem: z.number().int().min(0),
    }),
  )
  .min(1, T.colunasVazias)
  .max(COLUNAS_MAX);

export const ZComentarioInput = z.object({
  texto: z.string({ error: T.comentarioVazio }).trim().min(1, T.comentarioVazio).max(COMENTARIO_MAX),
  /** Users named with @ in the text: they get a notice. */
  mencoes: z
    .array(z.uuid({ error: T.mencaoInvalida }))
    .max(RESPONSAVEIS_MAX)
    .default([]),
});
export type TComentarioInput = z.input<typeof ZComentarioInput>;
export const ZComentario = z.object({
  id: z.string(),
  autor: ZPessoaRef.nullable(),
  texto: z.string(),
  mencoes: z.array(ZPessoaRef),
  criadoEm: z.string(),
});
export type TComentario = z.infer<typeof ZComentario>;

export const TIPOS_ATIVIDADE = [
  'criada',
  'status',
  'campo',
  'comentario',
  'complexidade',
  'publicada',
  'despublicada',
  'avisoCliente',
  'anexo',
  'anexoRemovido',
] as const;
export const ZAtividade = z.object({
  id: z.string(),
  tipo: z.enum(TIPOS_ATIVIDADE),
  usuario: ZPessoaRef.nullable(),
  /**
   * tipo status: { de, para } column ids; campo: { campo }; complexidade: { valor }; avisoCliente: { enviado, motivo? };
   * anexo and anexoRemovido: { nome } (the file's name as uploaded).
   */
  dados: z.record(z.string(), z.unknown()),
  criadaEm: z.string(),
});
export type TAtividade = z.infer<typeof ZAtividade>;

/** A file on a task (GET/POST /tarefas/{id}/anexos): staff only, never on the public page. */
export const ZAnexo = z.object({
  id: z.string(),
  nome: z.string(),
  /** Bytes as stored. */
  tamanho: z.number(),
  /** The real type, detected from the bytes on upload. */
  mimeType: z.string(),
  url: z.string(),
  autor: ZPessoaRef.nullable(),
  criadoEm: z.string(),
});
export type TAnexo = z.infer<typeof ZAnexo>;

export const ZValorVoto = z.union([numerica, z.literal(CARTA_INCERTA)], { error: T.cartaInvalida });
export type TValorVoto = z.infer<typeof ZValorVoto>;
export const ZVotoInput = z.object({ valor: ZValorVoto });
export const ZEncerrarInput = z.object({ complexidade: complexidade.nullable().optional() });
export const ZVotacao = z.object({
  tarefaId: z.string(),
  rodada: z.number(),
  aberta: z.boolean(),
  revelada: z.boolean(),
  moderadorId: z.string().nullable(),
  /** Another voter's `valor` is null until the reveal; the caller's own is shown. */
  votos: z.array(z.object({ usuarioId: z.string(), nome: z.string(), valor: ZValorVoto.nullable() })),
});
export type TVotacao = z.infer<typeof ZVotacao>;

export const ZPublicarInput = z.object({ publica: z.boolean() });
export const ZPublicarResposta = z.object({ publica: z.boolean(), publicUrl: z.string().nullable() });

/** GET /backend/api/public/tracker/tarefas/{publicId}: what a customer may read, nothing internal. */
export const ZTarefaPublica = z.object({
  titulo: z.string(),
  descricao: z.string(),
  status: z.object({ id: z.string(), nome: z.string() }),
  concluida: z.boolean(),
  atualizadaEm: z.string(),
  linhaDoTempo: z.array(z.object({ tipo: z.enum(['criada', 'status']), status: z.string().nullable(), em: z.string() })),
});
export type TTarefaPublica = z.infer<typeof ZTarefaPublica>;
