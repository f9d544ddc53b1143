import type { z } from 'zod';
import { ZTokenAnswer } from '@balcao/shared/auth';
import { CUSTOM_DOMAIN_BLOCK } from '@balcao/shared/documentacao/constants';
import { WEB_BUILD_HEADER } from '@balcao/shared/layout';
import { clearToken, getToken, setToken } from './session-store';
import { noteServerBuild } from './web-build';

export const API_BASE = '/backend';

/**
 * A failed call: the server's Portuguese message ('' when the answer carried none, e.g. an empty or HTML 502 body, so
 * the screen's fallback shows: spec part 1 §8, part 2 §8), its code, per-field errors and the parsed body.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: Record<string, string[]>,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

const texto = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/**
 * Spec part 2 §8, the user message of a failed call, in this order: the first message of the first entry of an
 * `errors` object (an array's first item, or a string), then `detail`, then `message`, then a plain-string body.
 * Null when none is there (the caller's fallback). An HTML error page is not a message.
 */
export function mensagemDoCorpo(body: unknown): string | null {
  if (typeof body === 'string') return /^\s*</.test(body) ? null : texto(body);
  if (!body || typeof body !== 'object') return null;
  const b = body as { errors?: unknown; detail?: unknown; message?: unknown };
  if (b.errors && typeof b.errors === 'object') {
    const first: unknown = Object.values(b.errors)[0];
    const m = texto(Array.isArray(first) ? first[0] : first);
    if (m) return m;
  }
  return texto(b.detail) ?? texto(b.message);
}

/** The §8 reading order on a failed call (uploads, customers, scheduled messages), else the situation's fallback. */
export const mensagemHttp = (err: unknown, fallback: string) =>
  (err instanceof ApiError ? mensagemDoCorpo(err.body) : null) ?? errorMessage(err, fallback);

/**
 * 402 (LICENCA_EXPIRADA over HTTP or in a socket's ack): the licence blocker listens and checks the licence at once
 * instead of waiting for its next scheduled check.
 */
const licencaExpiradaListeners = new Set<() => void>();
export function onLicencaExpirada(listener: () => void): () => void {
  licencaExpiradaListeners.add(listener);
  return () => licencaExpiradaListeners.delete(listener);
}
export function notifyLicencaExpirada() {
  for (const l of licencaExpiradaListeners) l();
}

let refreshing: Promise<string | null> | null = null;
/** One refresh at a time; the rotating cookie does the work. Failure is silent (spec part 1 §8). */
export function refreshToken(): Promise<string | null> {
  refreshing ??= fetch(`${API_BASE}/api/auth/refresh`, { credentials: 'include' })
    .then(async (res) => (res.ok ? ZTokenAnswer.parse(await res.json()).token : null))
    .catch(() => null)
    .then((token) => {
      if (token) setToken(token);
      return token;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * Spec part 1 §4 and §6: on a help centre's custom domain the user is unauthenticated (no current-user call) and a
 * call the domain does not allow (403 CustomDomainBlock) resolves as an empty 204 result. The server answers
 * documentation pages there, so the staff app normally never runs on such a host; the first blocked call marks it.
 */
let dominioPersonalizado = false;
export const emDominioPersonalizado = () => dominioPersonalizado;

type Body = unknown | FormData;

async function send(method: string, path: string, body: Body | undefined, token: string | null): Promise<Response> {
  const isForm = body instanceof FormData;
  return fetch(`${API_BASE}${path}`, {
    method,
    credentials: 'include',
    headers: {
      ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
}

/** Calls the API under /backend and parses the answer with the shared schema, so a contract drift fails loudly. */
export async function request<S extends z.ZodType>(method: string, path: string, schema: S | null, body?: Body): Promise<z.infer<S>> {
  const token = getToken();
  let res = await send(method, path, body, token);
  if (res.status === 401 && token) {
    const fresh = await refreshToken();
    if (fresh) res = await send(method, path, body, fresh);
    else clearToken();
  }
  noteServerBuild(res.headers.get(WEB_BUILD_HEADER));
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  if (res.status === 403 && (data as { code?: unknown } | undefined)?.code === CUSTOM_DOMAIN_BLOCK) {
    dominioPersonalizado = true;
    return undefined as z.infer<S>;
  }
  if (!res.ok) {
    if (res.status === 402) notifyLicencaExpirada();
    const err = (data && typeof data === 'object' ? data : {}) as { message?: unknown; code?: string; errors?: Record<string, string[]> };
    throw new ApiError(res.status, texto(err.message) ?? '', err.code, err.errors, data);
  }
  return schema ? schema.parse(data) : (data as z.infer<S>);
}

/** The server's message when there is one, else the screen's own fallback. */
export const errorMessage = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback);

/** Fetches a file of the API (with the session's token) and hands it to the browser as a download. */
export async function download(path: string, filename: string): Promise<void> {
  const token = getToken();
  let res = await send('GET', path, undefined, token);
  if (res.status === 401 && token) {
    const fresh = await refreshToken();
    if (fresh) res = await send('GET', path, undefined, fresh);
  }
  if (!res.ok) {
    const data = (await res.json().catch(() => ({}))) as { message?: unknown; code?: string };
    throw new ApiError(res.status, texto(data.message) ?? '', data.code);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file once the click's task ran.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
