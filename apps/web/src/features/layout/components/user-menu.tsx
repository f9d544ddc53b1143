import { useQueryClient } from '@tanstack/react-query';
import { ChartColumn, Circle, LogOut, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LAYOUT_TEXTS } from '@balcao/shared/layout';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { logout } from '@/features/auth/api';
import { cn } from '@/lib/utils';
import { useToggleOnline } from '../hooks/use-toggle-online';
import { AppearanceSubmenu } from './appearance-submenu';
import { AvatarWithStatus } from './avatar-with-status';
import { openUserDialog } from './user-dialogs';

type Props = {
  user: TCurrentUser;
  /** The element that opens the menu (side panel footer row or dock avatar). */
  children: ReactNode;
  side?: 'top' | 'bottom' | 'right';
  align?: 'start' | 'end';
  onOpenChange?: (open: boolean) => void;
};

/** User menu (spec part 1 §2): Perfil, Meu Dashboard, the Online/Offline toggle, appearance, Sair. */
export function UserMenu({ user, children, side = 'right', align = 'end', onOpenChange }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toggle = useToggleOnline(user.id);
  return (
    <DropdownMenu onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{children}</DropdownMenuTrigger>
      <DropdownMenuContent side={side} align={align} sideOffset={8} className="w-64">
        <DropdownMenuLabel className="flex items-center gap-2 font-normal">
          <AvatarWithStatus user={user} />
          <span className="grid min-w-0 flex-1 leading-tight">
            <span className="truncate font-medium">{user.nome}</span>
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem onSelect={() => openUserDialog('profile')}>
            <UserRound /> {LAYOUT_TEXTS.profile}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => openUserDialog('dashboard')}>
            <ChartColumn /> {LAYOUT_TEXTS.myDashboard}
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={toggle.isPending}
            onSelect={(e) => {
              // Stays open so the new status is seen where it was chosen.
              e.preventDefault();
              toggle.mutate();
            }}
          >
            <Circle className={cn('size-3 fill-current', user.online ? 'text-emerald-500' : 'text-zinc-400')} aria-hidden />
            {user.online ? LAYOUT_TEXTS.statusOnline : LAYOUT_TEXTS.statusOffline}
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <AppearanceSubmenu />
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => void logout(queryClient, navigate)}>
          <LogOut className="text-current" /> {LAYOUT_TEXTS.logout}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
