/**
 * The server's JSON API as the e2e flows call it beside the browser: a bearer token, a JSON body and extra
 * headers; an answer that is not 2xx throws with its text; an empty answer is null. `base` is read at each call
 * (the suite's server starts in beforeAll).
 */
export function apiOf(base: () => string) {
  return async <T>(method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(base() + path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return (text ? JSON.parse(text) : null) as T;
  };
}
