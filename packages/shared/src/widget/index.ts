import { z } from 'zod';
import { PRE_CHAT_CAMPOS } from './constants';

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
});
export type TPreChat = z.infer<typeof ZPreChat>;

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

export type TWidgetSendAck = { ok: true; mensagem: TWidgetMessage } | { ok: false; message: string };

export interface WidgetServerEvents {
  Mensagem: (m: TWidgetMessage) => void;
  AtendimentoAtualizado: (a: NonNullable<TWidgetSession['atendimento']>) => void;
  Digitando: (p: { atendenteNome: string | null; digitando: boolean }) => void;
}
export interface WidgetClientEvents {
  EnviarMensagem: (m: { clientId: string; conteudo: string; midia?: TWidgetMessage['midia'] }, ack: (r: TWidgetSendAck) => void) => void;
  IniciarConversa: (p: TPreChat, ack: (r: { ok: boolean; message?: string }) => void) => void;
  Digitando: (digitando: boolean) => void;
  MarcarLidas: () => void;
}

/** HMAC-SHA256(channel secret, identifier) in hex: how a site proves who its logged-in visitor is. */
export const IDENTITY_HASH_ALGORITHM = 'SHA-256';
