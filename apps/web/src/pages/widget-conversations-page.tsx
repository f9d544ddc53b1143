import { useEffect, useState } from 'react';
import { MessageCircleOff } from 'lucide-react';

type WidgetWindow = Window & { Balcao?: { destroy?: () => void } };

/**
 * /widget-conversations?canal=TOKEN — the website chat as a full page (the widget's "open in a new window").
 * The page only loads /widget.js in page mode; the widget draws and runs the whole conversation.
 */
export default function WidgetConversationsPage() {
  const [canal] = useState(() => new URLSearchParams(window.location.search).get('canal')?.trim() ?? '');
  // The widget hands its visitor over in the hash (never sent to a server nor in a Referer): this origin has
  // its own storage, and without it the popout would open a different, empty conversation.
  const [visitante] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('visitante'));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!canal) return;
    document.title = 'Conversa';
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    const script = document.createElement('script');
    script.src = '/widget.js';
    script.async = true;
    script.dataset.canal = canal;
    script.dataset.modo = 'pagina';
    if (visitante) script.dataset.visitante = visitante;
    script.onerror = () => setFailed(true);
    document.body.append(script);
    return () => {
      (window as WidgetWindow).Balcao?.destroy?.();
      script.remove();
    };
  }, [canal, visitante]);

  if (!canal || failed) {
    return (
      <main className="flex min-h-svh flex-col items-center justify-center gap-3 p-6 text-center">
        <MessageCircleOff className="size-10 text-muted-foreground" aria-hidden />
        <h1 className="text-lg font-semibold">{failed ? 'Não foi possível carregar o chat.' : 'Link de conversa inválido.'}</h1>
        <p className="text-sm text-muted-foreground">
          {failed ? 'Verifique sua conexão e recarregue a página.' : 'Abra a conversa novamente pelo chat do site.'}
        </p>
      </main>
    );
  }
  // The widget covers the page (fixed, full height); this is what shows around its column on wide screens.
  return <div className="min-h-svh bg-muted/40" />;
}
