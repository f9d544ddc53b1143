// Zod-free constants of the website widget, importable by its bundle without pulling zod.

/** The `/widget` namespace and the public widget calls: what a website visitor's browser speaks. */
export const WIDGET_NAMESPACE = '/widget';

export const VISITOR_STORAGE_KEY = 'balcao:visitante';

/**
 * The visitor token on HTTP calls travels in this header, never in the URL (URLs end up in server and proxy
 * logs); the socket carries it in the handshake's `auth`.
 */
export const VISITOR_TOKEN_HEADER = 'x-visitante-token';

/** Visitors are rate-limited: messages per minute per visitor, sessions per minute per IP. */
export const VISITOR_MESSAGES_PER_MINUTE = 30;

export const SESSIONS_PER_MINUTE_PER_IP = 20;

/** Attachments: uploads per minute per visitor and per IP, and the bytes one visitor may upload in 24 hours. */
export const UPLOADS_PER_MINUTE_PER_VISITOR = 10;
export const UPLOADS_PER_MINUTE_PER_IP = 30;
export const UPLOAD_BYTES_PER_VISITOR_PER_DAY = 100 * 1024 * 1024;
/** An uploaded file no message refers to after this long is deleted (disk and record); the job runs this often. */
export const UPLOAD_GRACE_MINUTES = 60;
export const UPLOAD_CLEANUP_EVERY_MINUTES = 10;

/** Staff see a visitor's typing change at most this often per conversation (the last state always arrives). */
export const TYPING_MIN_INTERVAL_MS = 1000;
/**
 * Every event a visitor socket sends spends a token of a bucket that holds this many and refills this many per
 * second; events over it are dropped, and a socket that keeps sending into an empty bucket (this many dropped
 * events, forgiven one per second) is disconnected and its visitor refused for the block time.
 */
export const SOCKET_EVENTS_BURST = 30;
export const SOCKET_EVENTS_PER_SECOND = 10;
export const SOCKET_DROPPED_BEFORE_DISCONNECT = 50;
export const SOCKET_ABUSE_BLOCK_SECONDS = 60;
/** New socket connections per visitor per minute (each one tells staff the visitor is online). */
export const SOCKET_CONNECTIONS_PER_MINUTE = 30;

/**
 * The popout ("Abrir em nova janela") gets the visitor from the window that opened it, never from its URL:
 * it posts `pronto` to its opener, and widget.js there answers `visitante` to the chat's origin only.
 */
export const POPOUT_MESSAGES = { pronto: 'balcao:pronto', visitante: 'balcao:visitante' } as const;
/** How long the popout waits for its opener's answer before starting with its own storage. */
export const POPOUT_HANDOFF_TIMEOUT_MS = 3000;

export const PRE_CHAT_CAMPOS = ['nome', 'email', 'telefone'] as const;

/**
 * The pre-chat form's consent box (LGPD opt-in), shown when the channel asks for it; the server records these
 * words and their version with the visitor's answer (never a text the browser sends).
 */
export const WIDGET_CONSENTIMENTO = {
  texto:
    'Aceito receber mensagens (avisos, lembretes e ofertas) pelo WhatsApp e por e-mail. Posso cancelar quando quiser respondendo SAIR.',
  versao: 'widget-2026-12-06',
} as const;

export const WIDGET_TEXTS = {
  origemNaoPermitida: 'Este site não tem permissão para usar este chat.',
  canalInvalido: 'Canal de chat não encontrado ou desativado.',
  identidadeInvalida: 'Não foi possível verificar sua identidade. Recarregue a página.',
  muitasMensagens: 'Você está enviando mensagens rápido demais. Aguarde um instante.',
  sessaoInvalida: 'Sua sessão de chat expirou. Recarregue a página.',
  muitasSessoes: 'Muitas conversas abertas a partir deste endereço. Aguarde um minuto e tente de novo.',
  semToken: 'Envie o token do visitante no cabeçalho X-Visitante-Token.',
  mensagemInvalida: 'Mensagem inválida.',
  anexoNaoEncontrado: 'Anexo não encontrado. Envie o arquivo novamente.',
  muitosArquivos: 'Você está enviando arquivos rápido demais. Aguarde um minuto.',
  limiteDiarioArquivos: 'Você atingiu o limite de arquivos enviados hoje. Tente novamente amanhã.',
  muitasAcoes: 'Muitas ações em pouco tempo. Aguarde um minuto e tente de novo.',
} as const;
