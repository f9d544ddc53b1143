import { ComingSoon } from './coming-soon';

// Open routes of the route table that later issues build.
export const ConfirmarLidPage = () => <ComingSoon title="Confirmação de contato" />;
export const PublicDocumentacaoPage = () => <ComingSoon title="Documentação" />;
export const GrafanaPage = () => <ComingSoon title="Grafana" />;
