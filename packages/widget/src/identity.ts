import type { TWidgetUser } from '@balcao/shared/widget';

/** What `window.Balcao` offers the site once the script has run. */
export type BalcaoApi = {
  setUser: (user: TWidgetUser) => void;
  /** The site's user logged out: forget this visitor on this browser and start over as a new one. */
  logout: () => void;
  open: () => void;
  close: () => void;
  toggle: () => void;
  destroy: () => void;
};
type Queued = ArrayLike<unknown>;
export type Win = { Balcao?: unknown; BalcaoSettings?: { user?: unknown } };

const str = (v: unknown, max: number) => (typeof v === 'string' && v.trim() && v.length <= max ? v.trim() : undefined);

/** Checks a site-given identity loosely (the server decides); null when it is not one. */
export function parseUser(u: unknown): TWidgetUser | null {
  if (!u || typeof u !== 'object') return null;
  const o = u as Record<string, unknown>;
  const identifier = str(typeof o.identifier === 'number' ? String(o.identifier) : o.identifier, 200);
  if (!identifier) return null;
  const user: TWidgetUser = { identifier };
  const nome = str(o.nome, 100);
  const email = str(o.email, 254);
  const hash = str(o.hash, 128);
  if (nome) user.nome = nome;
  if (email) user.email = email;
  if (hash) user.hash = hash;
  return user;
}

/**
 * Replaces `window.Balcao` with the real API and replays what the site did before the script loaded:
 * `window.BalcaoSettings = { user }`, or calls queued as `Balcao.q.push(['setUser', user])` (a stub
 * function that pushes its `arguments` works too). Returns the identity to start the session with.
 */
export function installApi(win: Win, api: BalcaoApi): TWidgetUser | null {
  const before = win.Balcao as { q?: unknown } | undefined;
  const queue: Queued[] = Array.isArray(before?.q) ? (before.q as Queued[]) : [];
  win.Balcao = api;
  let user = parseUser(win.BalcaoSettings?.user);
  for (const entry of queue) {
    const [name, arg] = Array.from(entry ?? []);
    if (name === 'setUser') user = parseUser(arg) ?? user;
    else if (name === 'logout') user = null;
    else if (name === 'open' || name === 'close' || name === 'toggle') queueMicrotask(() => api[name]());
  }
  return user;
}
