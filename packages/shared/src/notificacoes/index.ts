import { z } from 'zod';

/** What a user can be told of: the events the issue names, each on or off in their preferences. */
export const NOTIFICACAO_EVENTOS = ['novaConversa', 'mensagem', 'transferencia', 'chatInterno', 'mencao'] as const;
export const ZNotificacaoEvento = z.enum(NOTIFICACAO_EVENTOS);
export type TNotificacaoEvento = z.infer<typeof ZNotificacaoEvento>;

/** At most one Web Push per conversation per user in this window (seconds). */
export const PUSH_INTERVALO_S = 60;
/** How long a push service keeps an undelivered push (seconds): a customer waiting longer is told by the app. */
export const PUSH_TTL_S = 60 * 60;

export const NOTIFICACOES_TEXTS = {
  titulo: {
    novaConversa: 'Novo atendimento',
    mensagem: 'Nova mensagem',
    transferencia: 'Atendimento transferido para você',
    chatInterno: 'Nova mensagem no chat interno',
    mencao: 'Você foi mencionado',
  } satisfies Record<TNotificacaoEvento, string>,
  /** The body without a preview: who, never what. */
  semPrevia: (de: string) => `De ${de}`,
  inscricaoInvalida: 'Inscrição de notificação inválida.',
  salvas: 'Preferências de notificação salvas.',
  removida: 'Este navegador não receberá mais notificações.',
  novaVersao: 'Nova versão disponível',
  atualizar: 'Atualizar',
  permitirTitulo: 'Ativar notificações?',
} as const;

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const ZPushSubscription = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: NOTIFICACOES_TEXTS.inscricaoInvalida }).max(2000),
  keys: z.object({
    p256dh: z
      .string()
      .min(40, NOTIFICACOES_TEXTS.inscricaoInvalida)
      .max(200)
      .regex(/^[A-Za-z0-9_=-]+$/, NOTIFICACOES_TEXTS.inscricaoInvalida),
    auth: z
      .string()
      .min(16, NOTIFICACOES_TEXTS.inscricaoInvalida)
      .max(100)
      .regex(/^[A-Za-z0-9_=-]+$/, NOTIFICACOES_TEXTS.inscricaoInvalida),
  }),
});
/** POST and DELETE /backend/api/notificacoes/push. */
export const ZPushInscricao = z.object({ subscription: ZPushSubscription });
export type TPushInscricao = z.infer<typeof ZPushInscricao>;

/** GET/PUT /backend/api/notificacoes/preferencias: one user's, kept on the server. */
export const ZNotificacaoPreferencias = z.object({
  som: z.boolean(),
  navegador: z.boolean(),
  push: z.boolean(),
  /** The message's text in a notification (off by default: a locked phone shows it to anyone). */
  mostrarPrevia: z.boolean(),
  eventos: z.record(ZNotificacaoEvento, z.boolean()),
});
export type TNotificacaoPreferencias = z.infer<typeof ZNotificacaoPreferencias>;
export const ZNotificacaoPreferenciasInput = ZNotificacaoPreferencias.partial().extend({
  eventos: z.partialRecord(ZNotificacaoEvento, z.boolean()).optional(),
});
export type TNotificacaoPreferenciasInput = z.infer<typeof ZNotificacaoPreferenciasInput>;

export const PREFERENCIAS_PADRAO: TNotificacaoPreferencias = {
  som: true,
  navegador: true,
  push: true,
  mostrarPrevia: false,
  eventos: { novaConversa: true, mensagem: true, transferencia: true, chatInterno: true, mencao: true },
};

/**
 * Where a notification's click leads: the customer conversation (the inbox keeps it in ?conversa=), or the
 * internal chat's conversation, opened in its panel over whatever page is in front (?chat=, read and removed
 * by the panel's launcher).
 */
export const CHAT_INTERNO_PARAM = 'chat';
export const notificacaoUrl = {
  atendimento: (atendimentoId: string) => `/atendimentos?conversa=${encodeURIComponent(atendimentoId)}`,
  chat: (conversaId: string) => `/atendimentos?${CHAT_INTERNO_PARAM}=${encodeURIComponent(conversaId)}`,
};

/** What a push carries to the service worker (and what the app's own notifications show). */
export const ZNotificacaoPayload = z.object({
  evento: ZNotificacaoEvento,
  titulo: z.string(),
  corpo: z.string(),
  /** The app's path that opens the conversation. */
  url: z.string(),
  /** One notification per conversation: a newer one replaces it. */
  tag: z.string(),
});
export type TNotificacaoPayload = z.infer<typeof ZNotificacaoPayload>;

/** GET /backend/api/public/config's Web Push part: the VAPID public key browsers subscribe with. */
export const ZPushConfig = z.object({ vapidPublicKey: z.string() });
