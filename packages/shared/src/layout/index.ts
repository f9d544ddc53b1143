import type { TRole } from '../roles';

/** Spec part 1 §2, §9 and part 2 §9: shell dimensions, delays and limits. */
export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 604_800;
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
export const DOCK_WIDTH_PX = 600;
export const DOCK_REVEAL_ZONE_PX = 100;
export const DOCK_HIDE_AFTER_EDGE_MS = 300;
export const DOCK_HIDE_AFTER_DOCK_MS = 600;
export const TOOLTIP_DELAY_MS = 700;
export const TOAST_LIMIT = 5;
export const TOAST_REMOVE_DELAY_MS = 5000;
export const TOAST_DURATION_MS = 3000;
export const TOAST_DESCRIPTION_MAX = 150;
export const TOAST_MAX_WIDTH_PX = 420;
export const ROUTE_PRELOAD_DELAY_MS = 2000;
/** Single-tab guard (spec part 1 §4, §9). */
export const TAB_HEARTBEAT_MS = 1000;
export const TAB_STALE_MS = 5000;
export const TAB_GRACE_MS = 2000;
export const ERROR_BOUNDARY_TEXT = 'Something went wrong. Please try again later.';
export const SINGLE_TAB_TEXTS = {
  title: 'Sistema Aberto em Outra Aba',
  useHere: 'Usar nesta aba',
  close: 'Fechar esta aba',
  inactiveToast: 'Sessão Inativa: Uma nova sessão foi aberta em outra aba.',
  activeToast: 'Aba Ativa',
} as const;

/** Cuts a toast description to 150 characters plus an ellipsis (spec part 2 §5). */
export function truncateToastDescription(text: string): string {
  return text.length > TOAST_DESCRIPTION_MAX ? `${text.slice(0, TOAST_DESCRIPTION_MAX)}...` : text;
}

export type TDockItemKey =
  | 'dashboard'
  | 'atendimentos'
  | 'clientes'
  | 'solicitacoes'
  | 'documentacao'
  | 'configuracoes'
  | 'usuarios'
  | 'departamentos'
  | 'mensagens-agendadas'
  | 'tracker'
  | 'licenca';

/** Dock items and who sees them (spec part 1 §2, the dock reading: Licença is master only). */
export const DOCK_ITEMS: readonly { key: TDockItemKey; label: string; path: string; roles: readonly TRole[] }[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/dashboard', roles: ['master', 'admin'] },
  { key: 'atendimentos', label: 'Atendimentos', path: '/atendimentos', roles: ['master', 'admin', 'atendente'] },
  // Not in the spec's dock: the customer directory and the ERP's self-service requests.
  { key: 'clientes', label: 'Clientes', path: '/clientes', roles: ['master', 'admin', 'atendente'] },
  { key: 'solicitacoes', label: 'Solicitações', path: '/solicitacoes', roles: ['master', 'admin', 'atendente'] },
  { key: 'documentacao', label: 'Documentação', path: '/documentacao', roles: ['master'] },
  { key: 'usuarios', label: 'Usuários', path: '/usuarios', roles: ['master', 'admin'] },
  { key: 'departamentos', label: 'Departamentos', path: '/departamentos', roles: ['master', 'admin'] },
  { key: 'mensagens-agendadas', label: 'Mensagens Agendadas', path: '/mensagens-agendadas', roles: ['master', 'admin'] },
  { key: 'tracker', label: 'Tracker', path: '/tracker', roles: ['master', 'admin', 'atendente', 'user', 'tracker'] },
  { key: 'licenca', label: 'Licença', path: '/licenca', roles: ['master'] },
];

/** Configuration entries: one allowed item shows a button, several a 'Central de Configurações' dropdown. */
export const CONFIG_ITEMS: readonly { key: string; label: string; path: string; roles: readonly TRole[] }[] = [
  { key: 'geral', label: 'Configurações', path: '/config', roles: ['master', 'admin', 'atendente', 'user'] },
  { key: 'chat', label: 'Chat do site', path: '/config?tab=chat', roles: ['master', 'admin'] },
  { key: 'integracoes', label: 'Integrações', path: '/config?tab=integracoes', roles: ['master', 'admin'] },
];

export const dockItemsFor = (role: TRole) => DOCK_ITEMS.filter((i) => i.roles.includes(role));
export const configItemsFor = (role: TRole) => CONFIG_ITEMS.filter((i) => i.roles.includes(role));

/** Dock preferences (spec part 1 §2, §3): stored locally; the header style picks side panel or dock navigation. */
export const DOCK_POSITIONS = ['top', 'bottom'] as const;
export type TDockPosition = (typeof DOCK_POSITIONS)[number];
export const HEADER_STYLES = ['sidebar', 'dock'] as const;
export type THeaderStyle = (typeof HEADER_STYLES)[number];
export const DEFAULT_DOCK_POSITION: TDockPosition = 'bottom';
export const DEFAULT_HEADER_STYLE: THeaderStyle = 'sidebar';
export const DEFAULT_DOCK_AUTO_HIDE = false;

/**
 * The answer header naming the web app's build the server serves (its entry script, as index.html names it):
 * a tab still running an earlier build after an upgrade offers to reload.
 */
export const WEB_BUILD_HEADER = 'x-balcao-versao';
/** Our own notice (the spec has none): a tab running an earlier build than the server's. */
export const NOVA_VERSAO_TEXTS = {
  aviso: 'Uma nova versão do Balcão está disponível.',
  atualizar: 'Atualizar página',
} as const;

/** Texts of the signed-in shell (spec part 1 §2). */
export const LAYOUT_TEXTS = {
  configCentral: 'Central de Configurações',
  profile: 'Perfil',
  myDashboard: 'Meu Dashboard',
  statusOnline: 'Status: Online',
  statusOffline: 'Status: Offline',
  logout: 'Sair',
  dashboardTitlePrefix: 'Dashboard - ',
  sidebarNav: 'Menu lateral',
  dockNav: 'Navegação principal',
} as const;
