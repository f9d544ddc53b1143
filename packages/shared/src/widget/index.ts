import { z } from 'zod';
import type { TAckError } from '../hubs';
import { ATENDIMENTO_TEXTS, MENSAGEM_MAX_CHARS } from '../atendimentos/constants';
import { PRE_CHAT_CAMPOS, WIDGET_TEXTS } from './constants';

export * from './constants';

export const ZWidgetUser = z.object({
  identifier: z.string().trim().min(1).max(200),
  nome: z.string().trim().max(100).optional(),
  email: z.email().optional(),
  hash: z.string().max(128).optional(),
});
export type TWidgetUser = z.infer<typeof ZWidgetUser>;

export const ZWidgetConfig = z.object({
  nome: z.string(),
  cor: z.string(),
  saudacao: z.string(),
  camposPreChat: z.array(z.enum(PRE_CHAT_CAMPOS)),
  departamentos: z.array(z.object({ id: z.string(), nome: z.string() })),
  verificarIdentidade: z.boolean(),
  /** The consent box's words when the channel asks for consent on the pre-chat form (WIDGET_CONSENTIMENTO), else null. */
  consentimento: z.string().nullable(),
  /** The help centre the channel is linked to (its name): the widget searches it before a conversation. */
  ajuda: z.object({ nome: z.string() }).nullable().optional(),
  /** Only on our own origin (the popout): the sites whose window may hand it a visitor. */
  origens: z.array(z.string()).optional(),
});
export type TWidgetConfig = z.infer<typeof ZWidgetConfig>;

export const ZWidgetSessionInput = z.object({
  visitante: z.string().max(200).nullable().optional(),
  user: ZWidgetUser.nullable().optional(),
});
export const ZPreChat = z.object({
  nome: z.string().trim().max(100).optional(),
  email: z.email('Informe um e-mail válido.').optional().or(z.literal('')),
  telefone: z.string().trim().max(30).optional(),
  departamentoId: z.uuid().nullable().optional(),
  /** The visitor ticked the consent box (LGPD opt-in); the server records the words the channel showed. */
  consentimento: z.boolean().optional(),
});
export type TPreChat = z.infer<typeof ZPreChat>;

/**
 * A visitor's message on the socket. A file is named by the id the upload call answered: the server looks
 * the upload up (this visitor's, on this channel) and stores what it recorded, never a URL or name sent here.
 * Unknown keys (an old `midia` object) are refused.
 */
export const ZWidgetSendInput = z
  .strictObject(
    {
      clientId: z
        .string({ error: WIDGET_TEXTS.mensagemInvalida })
        .min(8, WIDGET_TEXTS.mensagemInvalida)
        .max(64, WIDGET_TEXTS.mensagemInvalida),
      conteudo: z
        .string({ error: WIDGET_TEXTS.mensagemInvalida })
        .max(MENSAGEM_MAX_CHARS, `A mensagem deve ter no máximo ${MENSAGEM_MAX_CHARS} caracteres.`)
        .refine((t) => !t.includes('\u0000'), WIDGET_TEXTS.mensagemInvalida)
        .default(''),
      uploadId: z.uuid({ error: WIDGET_TEXTS.anexoNaoEncontrado }).nullable().optional(),
    },
    { error: WIDGET_TEXTS.mensagemInvalida },
  )
  .refine((m) => m.conteudo.trim().length > 0 || !!m.uploadId, { message: ATENDIMENTO_TEXTS.mensagemVazia, path: ['conteudo'] });
export type TWidgetSendInput = z.input<typeof ZWidgetSendInput>;

/** `Digitando(boolean)` from the visitor. */
export const ZWidgetTyping = z.boolean({ error: WIDGET_TEXTS.mensagemInvalida });

/** The visitor token, wherever it travels (header, handshake `auth`, session body). */
export const ZVisitanteToken = z.string().min(10).max(200);

/** The socket handshake's `auth`. */
export const ZWidgetHandshake = z.object({ canal: z.string().min(8).max(100), visitante: ZVisitanteToken });

/** GET …/mensagens: the older page's cursor (the visitor token goes in the X-Visitante-Token header). */
export const ZWidgetMensagensQuery = z.object({
  antesDe: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'Cursor inválido.')
    .optional(),
});

/** POST …/upload answers the recorded upload; a message then names it by `id`. */
export const ZWidgetUpload = z.object({
  id: z.uuid(),
  url: z.string(),
  mimeType: z.string(),
  filename: z.string().nullable(),
  size: z.number().int().nullable(),
});
export type TWidgetUpload = z.infer<typeof ZWidgetUpload>;

/** A message as the visitor sees it. */
export type TWidgetMessage = {
  id: string;
  clientId: string | null;
  autor: 'cliente' | 'atendente' | 'sistema';
  atendenteNome: string | null;
  tipo: string;
  conteudo: string;
  midia: { url: string; mimeType: string; filename: string | null; size: number | null } | null;
  criadaEm: string;
  editada: boolean;
  apagada: boolean;
};

export type TWidgetSession = {
  visitante: string;
  config: TWidgetConfig;
  cliente: { nome: string | null; email: string | null };
  /** Whether the pre-chat form must be filled before the first message. */
  precisaPreChat: boolean;
  atendimento: { status: string; atendenteNome: string | null; avaliacaoUrl: string | null } | null;
  mensagens: TWidgetMessage[];
  hasMore: boolean;
};

export type TWidgetSendAck = { ok: true; mensagem: TWidgetMessage } | TAckError;

export interface WidgetServerEvents {
  Mensagem: (m: TWidgetMessage) => void;
  AtendimentoAtualizado: (a: NonNullable<TWidgetSession['atendimento']>) => void;
  Digitando: (p: { atendenteNome: string | null; digitando: boolean }) => void;
}
export interface WidgetClientEvents {
  EnviarMensagem: (m: TWidgetSendInput, ack: (r: TWidgetSendAck) => void) => void;
  IniciarConversa: (p: TPreChat, ack: (r: { ok: true } | TAckError) => void) => void;
  Digitando: (digitando: boolean) => void;
  MarcarLidas: () => void;
}

/** HMAC-SHA256(channel secret, identifier) in hex: how a site proves who its logged-in visitor is. */
export const IDENTITY_HASH_ALGORITHM = 'SHA-256';
