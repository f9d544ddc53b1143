import { ComingSoon } from './coming-soon';

// Pages that later issues build. Each is its own lazy chunk through the router.
export const DashboardPage = () => <ComingSoon title="Dashboard" />;
export { AtendimentosPage } from '@/features/atendimentos/pages/atendimentos-page';
export { ConfigPage } from '@/features/config/config-page';
export const DocumentacaoPage = () => <ComingSoon title="Documentação" />;
export const UsuariosPage = () => <ComingSoon title="Usuários" />;
export const DepartamentosPage = () => <ComingSoon title="Departamentos" />;
export const MensagensAgendadasPage = () => <ComingSoon title="Mensagens Agendadas" />;
export const TrackerPage = () => <ComingSoon title="Tracker" />;
export const VotarTarefaPage = () => <ComingSoon title="Votação de complexidade" />;
export const LicencaPage = () => <ComingSoon title="Licença" />;
