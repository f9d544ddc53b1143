import { ChevronsUpDown } from 'lucide-react';
import { ROLE_LABEL } from '@balcao/shared/roles';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem, useSidebar } from '@/components/ui/sidebar';
import { AvatarWithStatus } from './avatar-with-status';
import { UserMenu } from './user-menu';

/** Bottom of the side panel: who is signed in; opens the user menu. */
export function SidebarUser({ user }: { user: TCurrentUser }) {
  const { isMobile } = useSidebar();
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <UserMenu user={user} side={isMobile ? 'top' : 'right'}>
          <SidebarMenuButton size="lg" className="data-[state=open]:text-sidebar-accent-foreground">
            <AvatarWithStatus user={user} />
            <span className="grid min-w-0 flex-1 text-left leading-tight">
              <span className="truncate font-medium">{user.nome}</span>
              <span className="truncate text-xs text-muted-foreground">
                {ROLE_LABEL[user.role]} · {user.online ? 'Online' : 'Offline'}
              </span>
            </span>
            <ChevronsUpDown className="ml-auto size-4" aria-hidden />
          </SidebarMenuButton>
        </UserMenu>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
