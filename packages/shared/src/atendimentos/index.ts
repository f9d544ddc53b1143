import type { TAckError } from '../hubs';
import { z } from 'zod';
import { ATENDIMENTO_TEXTS, MENSAGEM_MAX_CHARS, MENSAGENS_PAGE_SIZE, CONVERSAS_PAGE_SIZE } from './constants';

export * from './constants';

/** Spec part 2 §3: where a customer conversation came from. */
export const ORIGENS = ['widget', 'widget-response', 'whatsapp'] as const;
export const ZOrigem = z.enum(ORIGENS);
export const STATUS_ATENDIMENTO = ['aguardando', 'em_atendimento', 'finalizado'] as const;
export const ZStatusAtendimento = z.enum(STATUS_ATENDIMENTO);
export type TStatusAtendimento = z.infer<typeof ZStatusAtendimento>;
export const STATUS_LABEL: Record<TStatusAtendimento, string> = {
  aguardando: 'Aguardando',
  em_atendimento: 'Em atendimento',
  finalizado: 'Finalizados',
};

export const TIPOS_MENSAGEM = ['text', 'image', 'video', 'audio', 'document', 'location', 'reaction'] as const;
export const ZTipoMensagem = z.enum(TIPOS_MENSAGEM);
export type TTipoMensagem = z.infer<typeof ZTipoMensagem>;
/** 'pending': stored, waiting in a channel's send queue (WhatsApp) until the provider accepts it. */
export const STATUS_MENSAGEM = ['pending', 'sent', 'delivered', 'read', 'failed'] as const;
export const ZStatusMensagem = z.enum(STATUS_MENSAGEM);
export const AUTORES = ['cliente', 'atendente', 'sistema'] as const;
export const ZAutor = z.enum(AUTORES);

/** The kind of message a file makes, from its mime prefix (spec part 2 §4). */
export const tipoFromMime = (mime: string): TTipoMensagem =>
  mime.startsWith('image/') ? 'image' : mime.startsWith('video/') ? 'video' : mime.startsWith('audio/') ? 'audio' : 'document';

/** Last-message preview by type, for the conversation list. */
export const PREVIEW_BY_TYPE: Record<TTipoMensagem, string> = {
  text: '',
  image: '📷 Imagem',
  video: '🎬 Vídeo',
  audio: '🎵 Áudio',
  document: '📄 Documento',
  location: '📍 Localização',
  reaction: 'Reagiu',
};

export const ZMidia = z.object({
  url: z.string(),
  mimeType: z.string(),
  filename: z.string().nullable(),
  size: z.number().int().nullable(),
});
export type TMidia = z.infer<typeof ZMidia>;

/**
 * A contact card the customer shared (WhatsApp's contacts message), kept as the provider sends it: the
 * bubble shows each field on its own instead of reading them back from the message's text.
 */
export const ZContato = z.object({
  nome: z.string(),
  telefones: z.array(z.object({ numero: z.string(), tipo: z.string().nullable() })),
  emails: z.array(z.object({ email: z.string(), tipo: z.string().nullable() })),
  organizacao: z.object({ empresa: z.string().nullable(), departamento: z.string().nullable(), cargo: z.string().nullable() }).nullable(),
});
export type TContato = z.infer<typeof ZContato>;

export const ZMensagemCitada = z.object({ id: z.string(), autor: ZAutor, tipo: ZTipoMensagem, conteudo: z.string() });

/** One message of a customer conversation, as HTTP answers and socket events carry it. */
export const ZMensagem = z.object({
  id: z.string(),
  atendimentoId: z.string(),
  clientId: z.string().nullable(),
  autor: ZAutor,
  atendenteId: z.string().nullable(),
  atendenteNome: z.string().nullable(),
  tipo: ZTipoMensagem,
  conteudo: z.string(),
  midia: ZMidia.nullable(),
  localizacao: z.object({ latitude: z.number(), longitude: z.number(), nome: z.string().nullable() }).nullable(),
  /** Shared contact cards, only on such a message (its `conteudo` still reads as text: previews, notifications). */
  contatos: z.array(ZContato).optional(),
  /** For reactions: the emoji is `conteudo` and this is the message reacted to. */
  reagindoA: z.string().nullable(),
  respondendoA: ZMensagemCitada.nullable(),
  status: ZStatusMensagem,
  /** Why a send failed (the provider's error in Portuguese); the attendant can resend. */
  erroEnvio: z.string().nullable().optional(),
  /** Written by a scheduled message (shown as 'Agendada'). */
  agendada: z.boolean().optional(),
  /** A private note among staff: never delivered to the customer on any channel. */
  interna: z.boolean().optional(),
  editada: z.boolean(),
  apagada: z.boolean(),
  criadaEm: z.string(),
  /** A voice note's transcript (the AI assistant's), shown under the player to everyone who sees the conversation. */
  transcricao: z.string().nullable().optional(),
});
export type TMensagem = z.infer<typeof ZMensagem>;

/**
 * A customer's message as every channel driver hands it to the one way in (server modules/atendimentos/inbound.ts):
 * the widget's socket payload and a WhatsApp webhook are translated into this, and it is checked before it is stored.
 */
export const ZMensagemRecebida = z.object({
  /** The widget's id for the message (stored once per visitor); WhatsApp messages carry `externalId` instead. */
  clientId: z.string().min(1).nullish(),
  /** The provider's id (WhatsApp's wamid): the same delivery twice is stored once. */
  externalId: z.string().min(1).nullish(),
  tipo: ZTipoMensagem,
  conteudo: z.string(),
  midia: ZMidia.nullish(),
  localizacao: z.object({ latitude: z.number(), longitude: z.number(), nome: z.string().nullable() }).nullish(),
  contatos: z.array(ZContato).nullish(),
  respondendoA: z.uuid().nullish(),
  reagindoA: z.uuid().nullish(),
  /** A reaction to a provider message we do not hold: its external id (a later removal finds it). */
  alvoExterno: z.string().nullish(),
});
export type TMensagemRecebida = z.infer<typeof ZMensagemRecebida>;

/** A list row and the header of an open conversation (spec part 2 §3 field names kept). */
/** The ad a customer clicked to start a WhatsApp conversation (Meta's referral): its title and address. */
export const ZAnuncio = z.object({ titulo: z.string().nullable(), url: z.string().nullable() });
export type TAnuncio = z.infer<typeof ZAnuncio>;

export const ZAtendimento = z.object({
  atendimentoId: z.string(),
  ticket: z.number().int(),
  status: ZStatusAtendimento,
  origem: ZOrigem,
  numero: z.string(),
  clienteId: z.string(),
  clienteNome: z.string(),
  Avatar: z.string().nullable(),
  canalId: z.string(),
  canalNome: z.string(),
  atendenteId: z.string().nullable(),
  atendenteNome: z.string().nullable(),
  departamentoId: z.string().nullable(),
  departamentoNome: z.string().nullable(),
  mensagensNaoLidas: z.number().int(),
  ultimaMensagem: z.string().nullable(),
  ultimaMensagemTipo: ZTipoMensagem.nullable(),
  ultimaMensagemEm: z.string().nullable(),
  inicio: z.string(),
  fim: z.string().nullable(),
  nota: z.number().int().nullable(),
  /**
   * The channel's reply window (WhatsApp Cloud API: 24 hours from the customer's last message), from its
   * capabilities: null where the channel has none; `fechaEm` null when the customer never wrote (closed).
   * `duracaoMs` lets a screen reopen it from a customer's new message, told without its row.
   */
  janela: z.object({ fechaEm: z.string().nullable(), duracaoMs: z.number().int() }).nullable(),
  anuncio: ZAnuncio.nullable().optional(),
  /** The account's labels on the conversation (their names and colours: GET /api/etiquetas). */
  etiquetaIds: z.array(z.string()).optional(),
  /** When the customer last got the away message (written while closed): the inbox shows 'fora do horário'. */
  foraDoHorarioEm: z.string().nullable().optional(),
});
export type TAtendimento = z.infer<typeof ZAtendimento>;

export const ZConversasQuery = z.object({
  status: ZStatusAtendimento.default('aguardando'),
  busca: z.string().trim().max(100).optional(),
  departamentoId: z.uuid({ error: 'Departamento inválido.' }).optional(),
  etiquetaId: z.uuid({ error: 'Etiqueta inválida.' }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CONVERSAS_PAGE_SIZE),
});
export type TConversasQuery = z.infer<typeof ZConversasQuery>;
export const ZConversasPage = z.object({
  itens: z.array(ZAtendimento),
  proximoCursor: z.string().nullable(),
  /** The open tabs' counts (the finished tab shows none). */
  contagens: z.object({ aguardando: z.number().int(), em_atendimento: z.number().int() }),
});
export type TConversasPage = z.infer<typeof ZConversasPage>;

export const ZMensagensQuery = z.object({
  antesDe: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MENSAGENS_PAGE_SIZE),
});
export const ZMensagensPage = z.object({ mensagens: z.array(ZMensagem), hasMore: z.boolean(), cursor: z.string().nullable() });
export type TMensagensPage = z.infer<typeof ZMensagensPage>;

/** What an attendant sends (HTTP or the hub's SendMessage); `clientId` makes a resend store once. */
/** A WhatsApp template chosen for sends outside the 24-hour window, with its body variables ({{1}}, {{2}}...) filled. */
export const ZModeloEscolhido = z.object({
  nome: z.string().min(1).max(512),
  idioma: z.string().min(2).max(15),
  variaveis: z.array(z.string().max(1024)).max(20).default([]),
});
export type TModeloEscolhido = z.infer<typeof ZModeloEscolhido>;

export const ZEnviarMensagem = z
  .object({
    clientId: z.string().min(8).max(64),
    atendimentoId: z.uuid({ error: ATENDIMENTO_TEXTS.naoEncontrado }),
    tipo: ZTipoMensagem.default('text'),
    conteudo: z.string().max(MENSAGEM_MAX_CHARS, `A mensagem deve ter no máximo ${MENSAGEM_MAX_CHARS} caracteres.`).default(''),
    midia: ZMidia.nullable().optional(),
    respondendoA: z.uuid().nullable().optional(),
    reagindoA: z.uuid().nullable().optional(),
    /** An approved template (channels with `modelos`): the only way to write once the reply window closed. */
    modelo: ZModeloEscolhido.nullable().optional(),
  })
  .refine((m) => m.conteudo.trim().length > 0 || m.midia, { message: ATENDIMENTO_TEXTS.mensagemVazia, path: ['conteudo'] });
export type TEnviarMensagem = z.infer<typeof ZEnviarMensagem>;

/** An attendant's sent text, edited (channels whose capabilities have `edicoes`: WhatsApp Web). */
export const ZEditarMensagem = z.object({
  conteudo: z
    .string()
    .trim()
    .min(1, ATENDIMENTO_TEXTS.mensagemVazia)
    .max(MENSAGEM_MAX_CHARS, `A mensagem deve ter no máximo ${MENSAGEM_MAX_CHARS} caracteres.`),
});
export type TEditarMensagem = z.infer<typeof ZEditarMensagem>;
export const ALTERACAO_TEXTS = {
  naoEncontrada: 'Mensagem não encontrada.',
  canalSemEdicao: 'Este canal não permite editar nem apagar mensagens enviadas.',
  somenteSuas: 'Só é possível editar ou apagar as suas próprias mensagens.',
  somenteTexto: 'Só mensagens de texto podem ser editadas.',
  aguardeEnvio: 'Aguarde o envio da mensagem antes de editá-la ou apagá-la.',
  jaApagada: 'Esta mensagem já foi apagada.',
} as const;

export const ZTransferir = z
  .object({ atendenteId: z.uuid().nullable().optional(), departamentoId: z.uuid().nullable().optional() })
  .refine((t) => t.atendenteId || t.departamentoId, { message: ATENDIMENTO_TEXTS.transferirDestino, path: ['atendenteId'] });
export type TTransferir = z.infer<typeof ZTransferir>;

export const ZAtendenteOnline = z.object({
  id: z.string(),
  nome: z.string(),
  fotoUrl: z.string().nullable(),
  departamentoId: z.string().nullable(),
  departamentoNome: z.string().nullable(),
  online: z.boolean(),
});
export type TAtendenteOnline = z.infer<typeof ZAtendenteOnline>;

export const ZClienteDetalhe = z.object({
  id: z.string(),
  nome: z.string(),
  numero: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  identificador: z.string().nullable(),
  atendimentos: z.array(ZAtendimento),
});
export type TClienteDetalhe = z.infer<typeof ZClienteDetalhe>;

/**
 * SendMessage / SendWidgetMessage's acknowledgement: the stored message, or the hubs' one refusal shape, whose `code`
 * the client acts on (LICENCA_EXPIRADA: the licence blocker checks again at once; FORA_DA_JANELA; DATABASE_UNAVAILABLE).
 */
export type TSendAck = { ok: true; mensagem: TMensagem } | TAckError;
