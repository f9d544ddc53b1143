import { z } from 'zod';
import {
  CHAT_INTERNO_MIDIA_URL_RE,
  CHAT_INTERNO_PAGE_SIZE,
  CHAT_INTERNO_PAGE_SIZE_MAX,
  CONVERSA_MAX_SELECAO,
  GRUPO_MIN_DEPARTAMENTOS,
  GRUPO_MIN_USUARIOS,
  GRUPO_NOME_MAX,
  MENSAGEM_CLIENT_ID_MAX,
  MENSAGEM_TEXTO_MAX,
  MENSAGEM_TIPOS,
  NOME_ARQUIVO_MAX,
} from './constants';
import { CHAT_INTERNO_VALIDACAO as V } from './texts';

/** Ids are uuid strings; anything else is refused before it reaches a query. */
export const ZChatId = z.guid({ error: V.idInvalido });
export const ZIntegranteTipo = z.literal([1, 2], { error: 'Tipo de participante inválido' });
export const ZOrigemTipo = z.literal([1, 2]);
export const ZMensagemTipo = z.enum(MENSAGEM_TIPOS, { error: 'Tipo de mensagem inválido' });

/** Spec part 2 §5: group name, trimmed, 1..50 characters. Also the bare JSON string of `mudar-nome`. */
export const ZNomeGrupo = z
  .string({ error: V.nomeGrupoObrigatorio })
  .trim()
  .min(1, V.nomeGrupoObrigatorio)
  .max(GRUPO_NOME_MAX, V.nomeGrupoLongo);

/** Spec part 2 §3 "Create-conversation payload". Whether it is a direct chat or a group is decided by `classificarNovaConversa`. */
export const ZCriarConversaInput = z.object({
  usuarios: z.array(ZChatId).max(CONVERSA_MAX_SELECAO).default([]),
  departamentos: z.array(ZChatId).max(CONVERSA_MAX_SELECAO).default([]),
  nome: z
    .string()
    .trim()
    .max(GRUPO_NOME_MAX, V.nomeGrupoLongo)
    .nullish()
    .transform((v) => v ?? ''),
});
export type TCriarConversaInput = z.infer<typeof ZCriarConversaInput>;

export type TClassificacao = { ok: true; ehGrupo: boolean } | { ok: false; campo: 'nome' | 'usuarios'; mensagem: string };

/**
 * Exactly one other user, no department and no name is a direct chat; anything else is a group and needs a
 * name and 2 users or 1 department (spec part 2 §5, our reading). `usuarios` excludes the caller.
 */
export function classificarNovaConversa(input: {
  usuarios: readonly string[];
  departamentos: readonly string[];
  nome: string;
}): TClassificacao {
  const nome = input.nome.trim();
  if (!nome && input.departamentos.length === 0 && input.usuarios.length <= 1) {
    return input.usuarios.length === 1 ? { ok: true, ehGrupo: false } : { ok: false, campo: 'usuarios', mensagem: V.selecioneUsuario };
  }
  if (!nome) return { ok: false, campo: 'nome', mensagem: V.nomeGrupoObrigatorio };
  if (nome.length > GRUPO_NOME_MAX) return { ok: false, campo: 'nome', mensagem: V.nomeGrupoLongo };
  if (input.usuarios.length < GRUPO_MIN_USUARIOS && input.departamentos.length < GRUPO_MIN_DEPARTAMENTOS) {
    return { ok: false, campo: 'usuarios', mensagem: V.grupoMinimo };
  }
  return { ok: true, ehGrupo: true };
}

/** Spec part 2 §7: body of POST/DELETE `conversa/{id}/integrante`. */
export const ZIntegranteInput = z.object({ integranteId: ZChatId, integranteTipo: ZIntegranteTipo });
export type TIntegranteInput = z.infer<typeof ZIntegranteInput>;

/** Spec part 2 §7: body of `conversa/{id}/admin`; a department id (or tipo 2) is refused with its own message. */
export const ZPromoverInput = z.object({ integranteId: ZChatId, integranteTipo: ZIntegranteTipo.optional() });
export type TPromoverInput = z.infer<typeof ZPromoverInput>;

/**
 * Spec part 2 §7 SendMessage payload `{ conversaId, mensagem: { id, texto, tipo, midiaUrl } }`. `mensagem.id` is the
 * client's id: resending it stores nothing new. `nomeArquivo` is our addition for document cards.
 */
export const ZEnviarMensagemInput = z.object({
  conversaId: ZChatId,
  mensagem: z
    .object({
      id: z.string({ error: 'Informe o id da mensagem' }).trim().min(1, 'Informe o id da mensagem').max(MENSAGEM_CLIENT_ID_MAX),
      texto: z
        .string()
        .max(MENSAGEM_TEXTO_MAX, V.mensagemLonga)
        .nullish()
        .transform((v) => (v ?? '').trim()),
      tipo: ZMensagemTipo.default('text'),
      midiaUrl: z
        .string()
        .regex(CHAT_INTERNO_MIDIA_URL_RE, V.midiaInvalida)
        .nullish()
        .transform((v) => v ?? null),
      nomeArquivo: z
        .string()
        .trim()
        .max(NOME_ARQUIVO_MAX)
        .nullish()
        .transform((v) => v || null),
    })
    .superRefine((m, ctx) => {
      if (m.tipo === 'text' && !m.texto) ctx.addIssue({ code: 'custom', path: ['texto'], message: V.mensagemVazia });
      if (m.tipo !== 'text' && !m.midiaUrl) ctx.addIssue({ code: 'custom', path: ['midiaUrl'], message: V.midiaObrigatoria });
    }),
});
export type TEnviarMensagemInput = z.input<typeof ZEnviarMensagemInput>;
export type TEnviarMensagem = z.output<typeof ZEnviarMensagemInput>;

/** Spec part 2 §7 ViewMessages `{ conversaId, ultimaMensagemId }`; the id may be ours or the client's; none = everything. */
export const ZVisualizarInput = z.object({
  conversaId: ZChatId,
  ultimaMensagemId: z.string().max(MENSAGEM_CLIENT_ID_MAX).nullish(),
});
export type TVisualizarInput = z.input<typeof ZVisualizarInput>;

/** Spec part 2 §7 `mensagens/{id}?page&skip&pageSize`: `skip`, when given, wins over `page`. */
export const ZMensagensQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  skip: z.coerce.number().int().min(0).optional(),
  pageSize: z.coerce.number().int().min(1).max(CHAT_INTERNO_PAGE_SIZE_MAX).default(CHAT_INTERNO_PAGE_SIZE),
});

// ---- answers (spec part 2 §3) ----

export const ZUsuarioDisponivel = z.object({ id: z.string(), nome: z.string(), fotoUrl: z.string().nullable() });
export type TUsuarioDisponivel = z.infer<typeof ZUsuarioDisponivel>;
export const ZDepartamentoDisponivel = z.object({ id: z.string(), nome: z.string() });
export type TDepartamentoDisponivel = z.infer<typeof ZDepartamentoDisponivel>;

export const ZParticipante = z.object({
  id: z.string(),
  nome: z.string(),
  tipo: ZIntegranteTipo,
  admin: z.boolean(),
  fotoUrl: z.string().nullable(),
});
export type TParticipante = z.infer<typeof ZParticipante>;

export const ZMensagem = z.object({
  id: z.string(),
  conversaId: z.string(),
  conteudo: z.string(),
  remetenteId: z.string().nullable(),
  remetenteNome: z.string().nullable(),
  remetenteFotoUrl: z.string().nullable(),
  /** ISO-8601 UTC. */
  dataEnvio: z.string(),
  /** Own message: someone else has seen it. Another's message: the viewer has seen it. */
  lida: z.boolean(),
  origemTipo: ZOrigemTipo,
  tipo: ZMensagemTipo,
  midiaUrl: z.string().nullable(),
  nomeArquivo: z.string().nullable(),
  /** The sender's own id for it (`mensagem.id` of SendMessage); lets the sender swap its optimistic copy. */
  clientId: z.string().nullable(),
});
export type TMensagem = z.infer<typeof ZMensagem>;

export const ZMensagensPagina = z.object({
  mensagens: z.array(ZMensagem),
  hasMore: z.boolean(),
  currentPage: z.number().int(),
  totalCount: z.number().int(),
});
export type TMensagensPagina = z.infer<typeof ZMensagensPagina>;

export const ZConversa = z.object({
  id: z.string(),
  nome: z.string().nullable(),
  ehGrupo: z.boolean(),
  /** Users other than the viewer, so a direct chat's title is the first name (§2). */
  usuariosNomes: z.array(z.string()),
  departamentosNomes: z.array(z.string()),
  adminsNomes: z.array(z.string()),
  /** Group photo, or the other user's photo in a direct chat. */
  fotoUrl: z.string().nullable(),
  ultimaMensagem: z.string().nullable(),
  dataHoraUltimaMensagem: z.string().nullable(),
  qtdMensagensNaoVistas: z.number().int(),
  ultimaMensagemRemetenteId: z.string().nullable(),
  /** Whose the last message is decides 'Você:' (§4), and a system notice (Aviso) is nobody's line. */
  ultimaMensagemOrigemTipo: ZOrigemTipo.nullable(),
  /** Every user listed as a participant (viewer included) and every department. */
  participantesIds: z.array(z.string()),
  departamentosIds: z.array(z.string()),
  outroUsuario: ZUsuarioDisponivel.nullable(),
  souAdmin: z.boolean(),
});
export type TConversa = z.infer<typeof ZConversa>;

export const ZConversaCriada = z.object({ id: z.string(), ehGrupo: z.boolean() });
export const ZNomeGrupoAnswer = z.object({ id: z.string(), nome: z.string() });
export const ZFotoGrupoAnswer = z.object({ url: z.string(), fotoUrl: z.string() });
/** Spec part 2 §7 `upload-arquivo`: `url` as an object field, plus what the composer needs to send it. */
export const ZUploadArquivoAnswer = z.object({
  url: z.string(),
  tipo: ZMensagemTipo,
  nomeArquivo: z.string(),
  tamanho: z.number().int(),
  mimeType: z.string(),
});
export type TUploadArquivoAnswer = z.infer<typeof ZUploadArquivoAnswer>;
