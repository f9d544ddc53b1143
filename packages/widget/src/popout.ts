import { POPOUT_HANDOFF_TIMEOUT_MS, POPOUT_MESSAGES } from './texts';

type Handoff = { type?: unknown; canal?: unknown; visitante?: unknown };
const normalize = (o: string) => o.trim().toLowerCase().replace(/\/+$/, '');
const VISITANTE_MAX = 200;

/**
 * The customer's site (widget.js on it) answers the popout it opened: only that window, only when it speaks
 * from the chat's origin, and the answer is addressed to that origin (a popout sent elsewhere gets nothing).
 * Returns the function that stops listening.
 */
export function answerPopout(
  win: Window,
  popup: Window,
  chatOrigin: string,
  canal: string,
  visitante: () => Promise<string | null>,
): () => void {
  const onMessage = (e: MessageEvent) => {
    if (e.source !== popup || e.origin !== chatOrigin) return;
    const d = e.data as Handoff | null;
    if (!d || d.type !== POPOUT_MESSAGES.pronto || d.canal !== canal) return;
    void visitante().then((v) => v && popup.postMessage({ type: POPOUT_MESSAGES.visitante, canal, visitante: v }, chatOrigin));
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}

/**
 * The popout asks the window that opened it for its visitor ("pronto") and takes the first answer from that
 * window (never from another, never from the URL). Null without an opener or after the time out. The caller
 * still checks the answer's origin against the channel's sites (`fromAllowedSite`).
 */
export function askOpener(
  win: Window,
  canal: string,
  timeoutMs = POPOUT_HANDOFF_TIMEOUT_MS,
): Promise<{ origin: string; visitante: string } | null> {
  const opener = win.opener as Window | null;
  if (!opener || opener === win) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = (r: { origin: string; visitante: string } | null) => {
      win.removeEventListener('message', onMessage);
      clearTimeout(timer);
      resolve(r);
    };
    const onMessage = (e: MessageEvent) => {
      if (e.source !== opener) return;
      const d = e.data as Handoff | null;
      if (!d || d.type !== POPOUT_MESSAGES.visitante || d.canal !== canal) return;
      if (typeof d.visitante !== 'string' || !d.visitante || d.visitante.length > VISITANTE_MAX) return;
      done({ origin: e.origin, visitante: d.visitante });
    };
    win.addEventListener('message', onMessage);
    const timer = setTimeout(() => done(null), timeoutMs);
    try {
      // Nothing secret in it: any opener may learn that a popout of this channel is ready.
      opener.postMessage({ type: POPOUT_MESSAGES.pronto, canal }, '*');
    } catch {
      done(null);
    }
  });
}

/** Whether a handed-over visitor came from one of the channel's sites (the config our origin is given). */
export function fromAllowedSite(origin: string, origens: readonly string[] | undefined): boolean {
  return !!origens?.some((o) => normalize(o) === normalize(origin));
}
