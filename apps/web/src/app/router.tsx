import { Navigate, createBrowserRouter, useParams } from 'react-router';
import { RootLayout } from './root-layout';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });
const staff = (name: keyof typeof import('@/pages/staff-pages')) => async () => ({ Component: (await import('@/pages/staff-pages'))[name] });
const open = (name: keyof typeof import('@/pages/public-pages')) => async () => ({ Component: (await import('@/pages/public-pages'))[name] });

/** /grafana/* goes to /grafana (spec part 1 §2). */
function GrafanaRedirect() {
  const rest = useParams()['*'];
  return rest ? <Navigate to="/grafana" replace /> : null;
}

/** The route table of spec part 1 §2. Every page is a lazy chunk so the login route stays small. */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    children: [
      { path: '/login', lazy: page(() => import('@/features/auth/components/login-page')) },
      { path: '/resetar-senha', lazy: page(() => import('@/features/auth/components/reset-password-page')) },
      { path: '/avaliar/:databaseName/:atendimentoId', lazy: open('AvaliarPage') },
      { path: '/confirmar-lid', lazy: open('ConfirmarLidPage') },
      { path: '/public/tracker/tarefas/:id', lazy: open('PublicTarefaPage') },
      { path: '/:databaseName/documentacao/*', lazy: open('PublicDocumentacaoPage') },
      { path: '/:databaseName/central/:centralSlug/documentacao/*', lazy: open('PublicDocumentacaoPage') },
      { path: '/grafana', lazy: open('GrafanaPage') },
      { path: '/grafana/*', Component: GrafanaRedirect },
      { path: '/widget-conversations', lazy: open('WidgetConversationsPage') },
      {
        lazy: page(() => import('./protected-layout')),
        children: [
          { index: true, lazy: page(() => import('./home-redirect')) },
          { path: '/atendimentos', lazy: staff('AtendimentosPage') },
          { path: '/config', lazy: staff('ConfigPage') },
          { path: '/documentacao', lazy: staff('DocumentacaoPage') },
          { path: '/dashboard', lazy: staff('DashboardPage') },
          { path: '/usuarios', lazy: staff('UsuariosPage') },
          { path: '/departamentos', lazy: staff('DepartamentosPage') },
          { path: '/mensagens-agendadas', lazy: staff('MensagensAgendadasPage') },
          { path: '/tracker/votar-tarefa/:tarefaId', lazy: staff('VotarTarefaPage') },
          { path: '/tracker/*', lazy: staff('TrackerPage') },
          { path: '/licenca', lazy: staff('LicencaPage') },
          { path: '*', element: <Navigate to="/atendimentos" replace /> },
        ],
      },
    ],
  },
]);
