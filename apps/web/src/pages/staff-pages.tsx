import { ComingSoon } from './coming-soon';

// Pages that later issues build (built pages are lazy chunks of their own feature folders).
export const DashboardPage = () => <ComingSoon title="Dashboard" />;
export const DocumentacaoPage = () => <ComingSoon title="Documentação" />;
export const UsuariosPage = () => <ComingSoon title="Usuários" />;
export const DepartamentosPage = () => <ComingSoon title="Departamentos" />;
export const MensagensAgendadasPage = () => <ComingSoon title="Mensagens Agendadas" />;
export const TrackerPage = () => <ComingSoon title="Tracker" />;
export const VotarTarefaPage = () => <ComingSoon title="Votação de complexidade" />;
export const LicencaPage = () => <ComingSoon title="Licença" />;
