import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { STORAGE_KEYS, isTokenValid } from '@balcao/shared/auth';
import { ROUTE_PRELOAD_DELAY_MS } from '@balcao/shared/layout';
import { useCurrentUser } from '@/features/auth/api';
import { useSessionTimers } from '@/features/auth/hooks/use-session-timers';
import { TooltipProvider } from '@/components/ui/tooltip';
import { WhatsAppConnection } from '@/features/integracoes/components/whatsapp-connection';
import { AppShell } from '@/features/layout/components/app-shell';
import { NovaVersaoAviso } from '@/features/layout/components/nova-versao-aviso';
import { isBlockedByLicenca, useLicencaStatus } from '@/features/licenca/api';
import { LicencaBloqueio } from '@/features/licenca/components/licenca-bloqueio';
import { LimiteUsuariosAviso } from '@/features/licenca/components/limite-usuarios-aviso';
import { SolicitacoesAviso } from '@/features/autoatendimento/solicitacoes-aviso';
import { SingleTabScreen } from '@/features/single-tab/single-tab-screen';
import { useSingleTab } from '@/features/single-tab/use-single-tab';
import { useToken } from '@/lib/session-store';
import type { TRole } from '@balcao/shared/roles';
import { redirectForRole } from './guards';
import { preloadsFor } from './preload';
import { PageSkeleton, ShellSkeleton } from './shell-skeleton';
import { useAnalytics } from '@/features/analytics/use-analytics';

// The service worker and Web Push: a chunk of its own, never in the login bundle.
const AppInstalavel = lazy(() => import('@/features/notificacoes/app-instalavel'));

/** Guarded area: a session, a role allowed on the path, and one tab at a time. */
export default function ProtectedLayout() {
  const token = useToken();
  const location = useLocation();
  const { user, isLoading } = useCurrentUser();
  const authenticated = isTokenValid(token);
  useSessionTimers(user);
  useAnalytics(user?.email);
  const tab = useSingleTab(Boolean(user));
  usePreloadRoutes(user?.role);
  // Spec part 1 §4: the licence blocker (every role; the master may pay on /licenca).
  const licenca = useLicencaStatus(Boolean(user));
  const bloqueado = Boolean(user) && isBlockedByLicenca(licenca.data, user?.role ?? '', location.pathname);

  if (!authenticated || (!isLoading && !user)) {
    if (!new URLSearchParams(location.search).has('token')) {
      sessionStorage.setItem(STORAGE_KEYS.redirectTo, location.pathname + location.search);
    }
    return <Navigate to="/login" replace />;
  }
  if (!user) return <ShellSkeleton />;
  const redirect = redirectForRole(location.pathname, user.role);
  if (redirect) return <Navigate to={redirect} replace />;
  if (!tab.active) return <SingleTabScreen onUseHere={tab.useHere} />;
  if (bloqueado) return <LicencaBloqueio master={user.role === 'master'} />;
  return (
    <TooltipProvider>
      <AppShell user={user}>
        <NovaVersaoAviso />
        <Suspense fallback={null}>
          <AppInstalavel />
        </Suspense>
        {/* Spec part 1 §2: the master's WhatsApp connection banner (top of every page but /config) and modal. */}
        <WhatsAppConnection user={user} />
        <LimiteUsuariosAviso variante="banner" />
        <SolicitacoesAviso role={user.role} />
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </AppShell>
    </TooltipProvider>
  );
}

/** Spec part 1 §4: admin and master pages (or the tracker's) are fetched 2 s after login. */
function usePreloadRoutes(role: TRole | undefined) {
  useEffect(() => {
    if (!role) return;
    const id = window.setTimeout(() => {
      for (const p of preloadsFor(role)) void p.load();
    }, ROUTE_PRELOAD_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [role]);
}
