// Zod-free: the WhatsApp connection banner and modal of the master (spec part 1 §2, §3, §4, §9).

/** Spec part 1 §4 and §9: closing the banner hides it for 5 minutes (300000 ms). */
export const WHATSAPP_BANNER_DISMISS_MS = 5 * 60_000;
/** Spec part 1 §4, §7 and §9: GET /Integracoes/get is polled every 30 s while logged in. */
export const INTEGRACOES_POLL_MS = 30_000;
/** Spec part 1 §4 and §9: the connection status cache lives 2 minutes (120000 ms). */
export const CONNECTION_STATUS_CACHE_MS = 120_000;
/** Spec part 1 §4 and §9: the connection status is polled every 60 s (and refreshed when the tab becomes visible). */
export const CONNECTION_STATUS_POLL_MS = 60_000;
/** Spec part 1 §4 and §9: a closed modal stays closed for 24 h. */
export const CONNECTION_MODAL_CLOSED_MS = 24 * 60 * 60_000;
/** Spec part 1 §4 and §9: no modal within 2 minutes of logging in. */
export const CONNECTION_MODAL_LOGIN_GRACE_MS = 2 * 60_000;
/** Spec part 1 §4 names a remind-later but not its length: Balcão's choice, 1 hour. */
export const CONNECTION_MODAL_REMIND_LATER_MS = 60 * 60_000;

/**
 * Browser storage (local, epoch ms). `whatsappPopupDismissedUntil` is the spec's name (part 1 §3); the spec
 * does not name the modal's and the login instant's keys, these are Balcão's.
 */
export const INTEGRACOES_STORAGE = {
  bannerDismissedUntil: 'whatsappPopupDismissedUntil',
  modalClosedAt: 'whatsappModalClosedAt',
  modalRemindUntil: 'whatsappModalRemindUntil',
  loggedInAt: 'balcaoLoggedInAt',
} as const;

/** Where the banner's buttons and the modal lead (spec part 1 §2). */
export const INTEGRACOES_PATH = '/config?tab=integracoes';

/** Spec part 1 §2 (banner texts to the letter); the modal's text is not shown by the spec: Balcão's own. */
export const INTEGRACOES_TEXTS = {
  offline: 'WhatsApp Offline',
  conectar: 'Conectar',
  pausado: 'WhatsApp Pausado',
  ativar: 'Ativar',
  fecharBanner: 'Fechar aviso por 5 minutos',
  modalTitulo: 'Conecte o WhatsApp do seu negócio',
  modalTexto:
    'Com o WhatsApp conectado, as mensagens dos seus clientes chegam direto em Atendimentos, junto com as do chat do site. Leva poucos minutos: você só precisa dos dados do número no painel do Meta.',
  modalConectar: 'Conectar agora',
  modalLembrar: 'Lembrar mais tarde',
} as const;

/** Spec part 1 §4 'Connection banner (master)'. */
export type TBannerWhatsApp = 'none' | 'whatsapp_disconnected' | 'whatsapp_inactive';

/** Spec part 1 §3 'Connection status cache'. */
export type TConnectionStatusCache = {
  isConnected: boolean;
  hasNumber: boolean;
  isActive: boolean;
  isLoading: boolean;
  shouldShowModal: boolean;
  hasActiveLicense: boolean;
  lastChecked: number | null;
};
