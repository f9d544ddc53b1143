import {
  BookOpen,
  Building2,
  CalendarClock,
  Contact,
  Inbox,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  MessageSquareCode,
  MessagesSquare,
  Plug,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { configItemsFor, dockItemsFor, type TDockItemKey } from '@balcao/shared/layout';
import type { TRole } from '@balcao/shared/roles';

const NAV_ICONS: Record<TDockItemKey, LucideIcon> = {
  dashboard: LayoutDashboard,
  atendimentos: MessagesSquare,
  clientes: Contact,
  solicitacoes: Inbox,
  documentacao: BookOpen,
  configuracoes: Settings,
  usuarios: Users,
  departamentos: Building2,
  'mensagens-agendadas': CalendarClock,
  tracker: ListChecks,
  licenca: KeyRound,
};
const CONFIG_ICONS: Record<string, LucideIcon> = { geral: Settings, chat: MessageSquareCode, integracoes: Plug };
const configIcon = (key: string): LucideIcon => CONFIG_ICONS[key] ?? Settings;

export type NavEntry = { key: string; label: string; path: string; icon: LucideIcon };

/**
 * Main items of the role, in the dock's order; Configurações is its own entry (see config-menu). `licenca: false`
 * drops Licença (spec part 1 §2: an ERP-sale licence or a white-label product has none).
 */
export const mainNavFor = (role: TRole, { licenca = true }: { licenca?: boolean } = {}): NavEntry[] =>
  dockItemsFor(role)
    .filter((i) => licenca || i.key !== 'licenca')
    .map((i) => ({ ...i, icon: NAV_ICONS[i.key] }));
export const configNavFor = (role: TRole): NavEntry[] => configItemsFor(role).map((i) => ({ ...i, icon: configIcon(i.key) }));

/** An item is active on its own path and below it (/tracker covers /tracker/tarefas). Case-insensitive like the router. */
export function isActivePath(pathname: string, itemPath: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const target = (itemPath.split('?')[0] ?? itemPath).toLowerCase();
  return path === target || path.startsWith(`${target}/`);
}
