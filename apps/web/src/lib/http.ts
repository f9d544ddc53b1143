import type { z } from 'zod';
import { ZTokenAnswer } from '@balcao/shared/auth';
import { clearToken, getToken, setToken } from './session-store';

export const API_BASE = '/backend';

/** A failed call: the server's Portuguese message, its code and per-field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
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
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  if (!res.ok) {
    const err = (data ?? {}) as { message?: string; code?: string; errors?: Record<string, string[]> };
    throw new ApiError(
      res.status,
      typeof err.message === 'string' ? err.message : 'Erro inesperado. Tente novamente.',
      err.code,
      err.errors,
    );
  }
  return schema ? schema.parse(data) : (data as z.infer<S>);
}

/** The server's message when there is one, else the screen's own fallback. */
export const errorMessage = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback);
