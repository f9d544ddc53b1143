import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useParams } from 'react-router';
import { RootLayout } from './root-layout';
import { ShellSkeleton } from './shell-skeleton';

// Every page is a lazy chunk so the login route stays small (declarative routes: half the router's size).
const named = <M,>(load: () => Promise<M>, name: keyof M) => lazy(async () => ({ default: (await load())[name] as ComponentType }));
const tracker = (name: keyof typeof import('@/pages/tracker-pages')) => named(() => import('@/pages/tracker-pages'), name);
const open = (name: keyof typeof import('@/pages/public-pages')) => named(() => import('@/pages/public-pages'), name);

const LoginPage = lazy(() => import('@/features/auth/components/login-page'));
const ResetPasswordPage = lazy(() => import('@/features/auth/components/reset-password-page'));
const ProtectedLayout = lazy(() => import('./protected-layout'));
const HomeRedirect = lazy(() => import('./home-redirect'));
const Pages = {
  Avaliar: named(() => import('@/features/avaliacao/components/avaliar-page'), 'AvaliarPage'),
  ConfirmarLid: open('ConfirmarLidPage'),
  PublicDocumentacao: open('PublicDocumentacaoPage'),
  WidgetConversations: lazy(() => import('@/pages/widget-conversations-page')),
  Grafana: open('GrafanaPage'),
  Atendimentos: named(() => import('@/features/atendimentos/pages/atendimentos-page'), 'AtendimentosPage'),
  Config: named(() => import('@/features/config/config-page'), 'ConfigPage'),
  Documentacao: named(() => import('@/features/documentacao/documentacao-page'), 'DocumentacaoPage'),
  Dashboard: named(() => import('@/features/dashboard/overview/dashboard-page'), 'DashboardPage'),
  Usuarios: named(() => import('@/features/usuarios/components/usuarios-page'), 'UsuariosPage'),
  Departamentos: named(() => import('@/features/departamentos/components/departamentos-page'), 'DepartamentosPage'),
  MensagensAgendadas: named(() => import('@/features/mensagens-agendadas/mensagens-agendadas-page'), 'MensagensAgendadasPage'),
  Clientes: named(() => import('@/features/clientes/clientes-page'), 'ClientesPage'),
  Solicitacoes: named(() => import('@/features/autoatendimento/solicitacoes-page'), 'SolicitacoesPage'),
  VotarTarefa: tracker('VotarTarefaPage'),
  Tracker: tracker('TrackerPage'),
  Licenca: named(() => import('@/features/licenca/components/licenca-page'), 'LicencaPage'),
};

/** /grafana/* goes to /grafana (spec part 1 §2). */
function GrafanaRedirect() {
  return useParams()['*'] ? <Navigate to="/grafana" replace /> : <Pages.Grafana />;
}

const openPage = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

/** The route table of spec part 1 §2. */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<RootLayout />}>
          <Route path="/login" element={openPage(<LoginPage />)} />
          <Route path="/resetar-senha" element={openPage(<ResetPasswordPage />)} />
          <Route path="/avaliar/:databaseName/:atendimentoId" element={openPage(<Pages.Avaliar />)} />
          <Route path="/confirmar-lid" element={openPage(<Pages.ConfirmarLid />)} />
          <Route path="/:databaseName/documentacao/*" element={openPage(<Pages.PublicDocumentacao />)} />
          <Route path="/:databaseName/central/:centralSlug/documentacao/*" element={openPage(<Pages.PublicDocumentacao />)} />
          <Route path="/grafana/*" element={openPage(<GrafanaRedirect />)} />
          <Route path="/widget-conversations" element={openPage(<Pages.WidgetConversations />)} />
          <Route
            element={
              <Suspense fallback={<ShellSkeleton />}>
                <ProtectedLayout />
              </Suspense>
            }
          >
            <Route index element={<HomeRedirect />} />
            <Route path="/atendimentos" element={<Pages.Atendimentos />} />
            <Route path="/config" element={<Pages.Config />} />
            <Route path="/documentacao" element={<Pages.Documentacao />} />
            <Route path="/dashboard" element={<Pages.Dashboard />} />
            <Route path="/usuarios" element={<Pages.Usuarios />} />
            <Route path="/departamentos" element={<Pages.Departamentos />} />
            <Route path="/mensagens-agendadas" element={<Pages.MensagensAgendadas />} />
            <Route path="/clientes" element={<Pages.Clientes />} />
            <Route path="/solicitacoes" element={<Pages.Solicitacoes />} />
            <Route path="/tracker/votar-tarefa/:tarefaId" element={<Pages.VotarTarefa />} />
            <Route path="/tracker/*" element={<Pages.Tracker />} />
            <Route path="/licenca" element={<Pages.Licenca />} />
            <Route path="*" element={<Navigate to="/atendimentos" replace />} />
          </Route>
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
