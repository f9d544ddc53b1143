import { useEffect, useState } from 'react';
import { MessageCircleOff } from 'lucide-react';

type WidgetWindow = Window & { Balcao?: { destroy?: () => void } };

/**
 * /widget-conversations?canal=TOKEN — the website chat as a full page (the widget's "open in a new window").
 * The page only loads /widget.js in page mode; the widget draws and runs the whole conversation. The visitor
 * is never read from the URL (a crafted link would put the victim in someone else's conversation): widget.js
 * asks the window that opened this one by postMessage and takes the answer only from one of the channel's sites.
 */
export default function WidgetConversationsPage() {
  const [canal] = useState(() => new URLSearchParams(window.location.search).get('canal')?.trim() ?? '');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!canal) return;
    document.title = 'Conversa';
    // An old link's fragment (#visitante=…) is ignored, and dropped from the address bar and history.
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    const script = document.createElement('script');
    script.src = '/widget.js';
    script.async = true;
    script.dataset.canal = canal;
    script.dataset.modo = 'pagina';
    script.onerror = () => setFailed(true);
    document.body.append(script);
    return () => {
      (window as WidgetWindow).Balcao?.destroy?.();
      script.remove();
    };
  }, [canal]);

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
