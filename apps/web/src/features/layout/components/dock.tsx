import { Settings } from 'lucide-react';
import { useEffect, useState, type FocusEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { DOCK_WIDTH_PX, LAYOUT_TEXTS, type TDockPosition } from '@balcao/shared/layout';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { AccountLogo } from './account-logo';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { homeFor } from '@/app/guards';
import { cn } from '@/lib/utils';
import { useDockVisibility } from '../hooks/use-dock-visibility';
import { useMainNav } from '../hooks/use-main-nav';
import { configNavFor, isActivePath, type NavEntry } from '../nav-items';
import { AvatarWithStatus } from './avatar-with-status';
import { ConfigDropdown } from './config-menu';
import { UserMenu } from './user-menu';

const itemClass =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-xl text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 max-md:size-8 data-[state=open]:bg-accent [&_svg]:size-[18px]';
const activeClass = 'bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground';

function DockLink({ item, active, tipSide }: { item: NavEntry; active: boolean; tipSide: 'top' | 'bottom' }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Link to={item.path} aria-current={active ? 'page' : undefined} className={cn(itemClass, active && activeClass)}>
          <item.icon aria-hidden />
          <span className="sr-only">{item.label}</span>
        </Link>
      </TooltipTrigger>
      <TooltipContent side={tipSide}>{item.label}</TooltipContent>
    </Tooltip>
  );
}

type Props = { user: TCurrentUser; position: TDockPosition; autoHide: boolean };

/** Floating dock (spec part 1 §2): 600 px, top or bottom centre, optional auto-hide. */
export function Dock({ user, position, autoHide }: Props) {
  const { pathname } = useLocation();
  const { visible, onPointerEnter, onPointerLeave, setHeld } = useDockVisibility(autoHide, position);
  const [menuOpen, setMenuOpen] = useState({ user: false, config: false });
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const held = menuOpen.user || menuOpen.config || keyboardFocus;
  useEffect(() => setHeld(held), [held, setHeld]);

  const items = useMainNav(user);
  const config = configNavFor(user.role);
  const tipSide = position === 'top' ? 'bottom' : 'top';
  const configActive = config.some((c) => isActivePath(pathname, c.path));

  // Keyboard users reveal a hidden dock by tabbing into it; a mouse click's focus does not pin it.
  const onFocus = (e: FocusEvent) => setKeyboardFocus(e.target instanceof HTMLElement && e.target.matches(':focus-visible'));
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setKeyboardFocus(false);
  };

  return (
    <nav
      aria-label={LAYOUT_TEXTS.dockNav}
      data-position={position}
      data-visible={visible}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onFocus={onFocus}
      onBlur={onBlur}
      style={{ width: DOCK_WIDTH_PX, maxWidth: 'calc(100vw - 2rem)' }}
      className={cn(
        'fixed inset-x-0 z-40 mx-auto flex h-14 items-center gap-1 rounded-2xl border bg-background/90 px-2 shadow-lg backdrop-blur-md transition-[translate,opacity] duration-200 ease-out max-md:h-12 max-md:px-1.5',
        position === 'top' ? 'top-3' : 'bottom-3',
        !visible && 'opacity-0',
        !visible && (position === 'top' ? '-translate-y-[calc(100%+1rem)]' : 'translate-y-[calc(100%+1rem)]'),
      )}
    >
      <Link
        to={homeFor(user.role)}
        className="mr-1 hidden shrink-0 rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 md:inline-flex"
        aria-label="Balcão"
      >
        <AccountLogo withName={false} />
      </Link>
      <ul className="flex min-w-0 flex-1 items-center justify-center gap-1 overflow-x-auto max-md:justify-start max-md:gap-0.5">
        {items.map((item) => (
          <li key={item.key}>
            <DockLink item={item} active={isActivePath(pathname, item.path)} tipSide={tipSide} />
          </li>
        ))}
      </ul>
      <span className="mx-1 h-6 w-px shrink-0 bg-border max-md:mx-0.5" aria-hidden />
      {config.length === 1 && <DockLink item={config[0]!} active={configActive} tipSide={tipSide} />}
      {config.length > 1 && (
        <ConfigDropdown items={config} side={tipSide} onOpenChange={(o) => setMenuOpen((m) => ({ ...m, config: o }))}>
          <button
            type="button"
            aria-label={LAYOUT_TEXTS.configCentral}
            title={LAYOUT_TEXTS.configCentral}
            className={cn(itemClass, configActive && activeClass)}
          >
            <Settings aria-hidden />
          </button>
        </ConfigDropdown>
      )}
      <UserMenu user={user} side={tipSide} onOpenChange={(o) => setMenuOpen((m) => ({ ...m, user: o }))}>
        <button type="button" aria-label={`Menu do usuário: ${user.nome}`} className={cn(itemClass, 'ml-0.5 rounded-full')}>
          <AvatarWithStatus user={user} className="rounded-full max-md:size-7" />
        </button>
      </UserMenu>
    </nav>
  );
}
