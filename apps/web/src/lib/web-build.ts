import { useSyncExternalStore } from 'react';

/**
 * This tab's build: the entry script its page loaded (the built file's name carries the build's hash), the string
 * the server names in every API answer (WEB_BUILD_HEADER). None in development (Vite serves /src/main.tsx),
 * where a server started beside it may still name an earlier production build.
 */
function buildDaAba(): string | null {
  const src = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src');
  return src?.startsWith('/assets/') ? src : null;
}
/** Read at the first answer, once: the page a tab loaded does not change under it. */
let daAba: string | null | undefined;

let nova = false;
const listeners = new Set<() => void>();

/**
 * An API answer named the server's build: another one than this tab's means the server was upgraded while the tab
 * stayed open, and the tab offers to reload (what the server sends may have changed with it).
 */
export function noteServerBuild(build: string | null): void {
  if (nova || !build) return;
  daAba ??= buildDaAba();
  if (!daAba || build === daAba) return;
  nova = true;
  for (const l of listeners) l();
}

/** Whether the server runs a newer build than this tab (NovaVersaoAviso). */
export function useNovaVersao(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => nova,
  );
}
