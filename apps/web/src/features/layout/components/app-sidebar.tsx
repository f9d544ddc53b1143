import { ChevronRight, Settings } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { LAYOUT_TEXTS } from '@balcao/shared/layout';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { AccountLogo } from './account-logo';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '@/components/ui/sidebar';
import { homeFor } from '@/app/guards';
import { useMainNav } from '../hooks/use-main-nav';
import { configNavFor, isActivePath, type NavEntry } from '../nav-items';
import { ConfigDropdown } from './config-menu';
import { SidebarUser } from './sidebar-user';

function NavLinkItem({ item, active }: { item: NavEntry; active: boolean }) {
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={active} tooltip={item.label}>
        <Link to={item.path} aria-current={active ? 'page' : undefined}>
          <item.icon aria-hidden />
          <span>{item.label}</span>
        </Link>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

/** Side panel (spec part 1 §2): logo, the role's items, configuration, and the user at the bottom. */
export function AppSidebar({ user }: { user: TCurrentUser }) {
  const { pathname } = useLocation();
  const { state, isMobile, setOpenMobile } = useSidebar();
  const items = useMainNav(user);
  const config = configNavFor(user.role);
  const configActive = config.some((c) => isActivePath(pathname, c.path));

  // On a phone the panel is a sheet: going somewhere closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger: each navigation closes the sheet
  useEffect(() => setOpenMobile(false), [pathname, setOpenMobile]);

  return (
    <Sidebar collapsible="icon" title={LAYOUT_TEXTS.sidebarNav}>
      <SidebarHeader className="h-12 justify-center border-b border-sidebar-border">
        <Link
          to={homeFor(user.role)}
          className="flex items-center rounded-md px-1 outline-none focus-visible:ring-2 focus-visible:ring-sidebar-ring group-data-[collapsible=icon]:px-0.5"
        >
          <AccountLogo withName={state === 'expanded' || isMobile} />
        </Link>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label={LAYOUT_TEXTS.sidebarNav} className="flex flex-1 flex-col">
          <SidebarGroup>
            <SidebarGroupLabel>Navegação</SidebarGroupLabel>
            <SidebarMenu>
              {items.map((item) => (
                <NavLinkItem key={item.key} item={item} active={isActivePath(pathname, item.path)} />
              ))}
            </SidebarMenu>
          </SidebarGroup>
          {config.length > 0 && (
            <SidebarGroup className="mt-auto">
              <SidebarMenu>
                {config.length === 1 ? (
                  <NavLinkItem item={config[0]!} active={configActive} />
                ) : (
                  <SidebarMenuItem>
                    <ConfigDropdown items={config} side={isMobile ? 'bottom' : 'right'}>
                      <SidebarMenuButton isActive={configActive} tooltip={LAYOUT_TEXTS.configCentral}>
                        <Settings aria-hidden />
                        <span>{LAYOUT_TEXTS.configCentral}</span>
                        <ChevronRight className="ml-auto" aria-hidden />
                      </SidebarMenuButton>
                    </ConfigDropdown>
                  </SidebarMenuItem>
                )}
              </SidebarMenu>
            </SidebarGroup>
          )}
        </nav>
      </SidebarContent>
      <SidebarFooter className="border-t border-sidebar-border">
        <SidebarUser user={user} />
      </SidebarFooter>
    </Sidebar>
  );
}
