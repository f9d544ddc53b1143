// Zod-free constants of the website widget, importable by its bundle without pulling zod.

/** The `/widget` namespace and the public widget calls: what a website visitor's browser speaks. */
export const WIDGET_NAMESPACE = '/widget';

export const VISITOR_STORAGE_KEY = 'balcao:visitante';

/** Visitors are rate-limited: messages per minute per visitor, sessions per minute per IP. */
export const VISITOR_MESSAGES_PER_MINUTE = 30;

export const SESSIONS_PER_MINUTE_PER_IP = 20;

export const PRE_CHAT_CAMPOS = ['nome', 'email', 'telefone'] as const;

export const WIDGET_TEXTS = {
  origemNaoPermitida: 'Este site não tem permissão para usar este chat.',
  canalInvalido: 'Canal de chat não encontrado ou desativado.',
  identidadeInvalida: 'Não foi possível verificar sua identidade. Recarregue a página.',
  muitasMensagens: 'Você está enviando mensagens rápido demais. Aguarde um instante.',
  sessaoInvalida: 'Sua sessão de chat expirou. Recarregue a página.',
  muitasSessoes: 'Muitas conversas abertas a partir deste endereço. Aguarde um minuto e tente de novo.',
} as const;
