export type WidgetOptions = {
  canal: string;
  /** Where the chat lives (the script's own origin), not the site that embeds it. */
  origin: string;
  backend: string;
  pagina: boolean;
};

/** Our own `<script data-canal>`: currentScript while it runs, else the first tag that carries a channel. */
export function findScript(doc: Document): HTMLScriptElement | null {
  const cur = doc.currentScript;
  if (cur instanceof HTMLScriptElement && cur.dataset.canal) return cur;
  return (
    doc.querySelector<HTMLScriptElement>('script[data-canal][src*="widget"]') ?? doc.querySelector<HTMLScriptElement>('script[data-canal]')
  );
}

export function readOptions(script: HTMLScriptElement, pageUrl: string): WidgetOptions | null {
  const canal = script.dataset.canal?.trim();
  if (!canal) return null;
  const origin = new URL(script.src || pageUrl, pageUrl).origin;
  return {
    canal,
    origin,
    backend: `${origin}/backend`,
    pagina: script.dataset.modo === 'pagina',
  };
}
