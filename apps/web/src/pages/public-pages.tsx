import { useEffect } from 'react';
import { ComingSoon } from './coming-soon';

// Open routes of the route table that later issues build.
export const ConfirmarLidPage = () => <ComingSoon title="Confirmação de contato" />;
/**
 * The public documentation is rendered by the server (readable without JavaScript, indexable): a navigation
 * inside the app to one of its addresses loads the page from the server.
 */
export function PublicDocumentacaoPage() {
  useEffect(() => window.location.reload(), []);
  return null;
}
export const GrafanaPage = () => <ComingSoon title="Grafana" />;
