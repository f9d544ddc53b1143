import type { ReactNode } from 'react';
import type { TDockPosition } from '@balcao/shared/layout';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { AccountLogo } from './account-logo';
import { Separator } from '@/components/ui/separator';
import { useCustomerChatBackground } from '@/features/atendimentos/realtime/use-customer-chat-background';
import { ChatInternoLauncher } from '@/features/chat-interno/components/chat-launcher';
import { SidebarInset, SidebarProvider, SidebarTrigger, useIsMobile } from '@/components/ui/sidebar';
import { cn } from '@/lib/utils';
import { AccountWhiteLabelEffects } from '@/features/white-label/white-label';
import { useDockPreferences } from '../hooks/use-dock-preferences';
import { AppSidebar } from './app-sidebar';
import { Dock } from './dock';
import { ThemeToggle } from './theme-toggle';
import { UserDialogs } from './user-dialogs';

/**
 * Signed-in layout (spec part 1 §2). The header-style preference picks the navigation: the side panel
 * (default) or the floating dock. Only one is drawn, so each destination has exactly one link on screen.
 */
export function AppShell({ user, children }: { user: TCurrentUser; children: ReactNode }) {
  const { prefs } = useDockPreferences();
  // Customer chat (spec part 2 §4): opened after authentication, live on every page for those who answer customers.
  useCustomerChatBackground(user);
  return (
    <>
      <ShellLayout user={user} prefs={prefs}>
        {children}
      </ShellLayout>
      <AccountWhiteLabelEffects />
      <UserDialogs nome={user.nome} />
      {/* Internal chat (spec part 2 §2): a floating toggle on every signed-in screen; the panel loads on first open. */}
      <ChatInternoLauncher user={user} />
    </>
  );
}

function ShellLayout({
  user,
  prefs,
  children,
}: {
  user: TCurrentUser;
  prefs: ReturnType<typeof useDockPreferences>['prefs'];
  children: ReactNode;
}) {
  return prefs.headerStyle === 'dock' ? (
    <DockLayout user={user} position={prefs.position} autoHide={prefs.autoHide}>
      {children}
    </DockLayout>
  ) : (
    <SidebarProvider>
      <AppSidebar user={user} />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-12 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur">
          <SidebarTrigger />
          <Separator orientation="vertical" className="h-4! md:hidden" />
          <AccountLogo className="text-sm md:hidden" />
          <div className="ml-auto">
            <ThemeToggle />
          </div>
        </header>
        <main className="flex min-w-0 flex-1 flex-col">{children}</main>
      </SidebarInset>
    </SidebarProvider>
  );
}

function DockLayout({
  user,
  position,
  autoHide,
  children,
}: {
  user: TCurrentUser;
  position: TDockPosition;
  autoHide: boolean;
  children: ReactNode;
}) {
  // Auto-hide follows the pointer to the edge; phones have none, so there the dock stays put.
  const isMobile = useIsMobile();
  const hides = autoHide && !isMobile;
  return (
    <div className="flex min-h-svh flex-col bg-background">
      <Dock user={user} position={position} autoHide={hides} />
      {/* A dock that stays visible keeps its strip of the page free. */}
      <main className={cn('flex min-w-0 flex-1 flex-col', !hides && (position === 'top' ? 'pt-20 max-md:pt-16' : 'pb-20 max-md:pb-16'))}>
        {children}
      </main>
    </div>
  );
}
