import { useEffect } from 'react';

/**
 * Pages the server renders itself (readable without JavaScript; the public documentation is also indexable):
 * a navigation inside the app to one of their addresses loads the page from the server.
 */
function ServerRenderedPage() {
  useEffect(() => window.location.reload(), []);
  return null;
}
export const ConfirmarLidPage = ServerRenderedPage;
export const PublicDocumentacaoPage = ServerRenderedPage;
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
