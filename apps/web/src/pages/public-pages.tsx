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
/**
 * Reached only inside the app (the server answers /grafana itself: a redirect to GRAFANA_URL, or a page saying
 * how to set it): the same words.
 */
export const GrafanaPage = () => (
  <div className="mx-auto flex w-full max-w-2xl flex-col gap-3 p-6">
    <h1 className="text-2xl font-semibold tracking-tight">Grafana</h1>
    <p>O painel de métricas não está configurado neste servidor.</p>
    <p className="text-muted-foreground">
      O operador define <code>GRAFANA_URL</code> com o endereço do seu Grafana e reinicia o Balcão; esta página passa a levar até lá.
    </p>
  </div>
);
