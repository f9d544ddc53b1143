import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters and headers whose values never reach a log line; each route file lists the ones it takes. */
export type LogSecrets = { params?: readonly string[]; headers?: readonly string[] };

/** What any route may carry: sessions, and the links with tokens sent by e-mail (password, invitation, rating). */
const SESSION_SECRETS: LogSecrets = {
  params: ['token', 'senha', 'password', 'secret', 'code', 'refresh'],
  headers: ['authorization', 'cookie', 'set-cookie'],
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const header = (h: string) => (/^[a-z_$][\w$]*$/i.test(h) ? `.${h}` : `["${h}"]`);

function redaction(lists: readonly LogSecrets[]) {
  const params = [...new Set(lists.flatMap((l) => l.params ?? []))];
  const headers = [...new Set(lists.flatMap((l) => (l.headers ?? []).map((h) => h.toLowerCase())))];
  const query = new RegExp(`([?&](?:${params.map(escapeRegExp).join('|')})=)[^&#]*`, 'gi');
  return {
    redactUrl: (url: string) => url.replace(query, '$1[redacted]'),
    paths: headers.flatMap((h) => [`req.headers${header(h)}`, `res.headers${header(h)}`, `headers${header(h)}`]),
  };
}

/**
 * The logger options with redaction added: the secret-bearing query parameters (masked in Fastify's request
 * line) and headers (wherever a request or response is logged) of every list given, plus the session ones.
 */
export function withRedaction(logger: FastifyServerOptions['logger'], lists: readonly LogSecrets[] = []): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  const { redactUrl, paths } = redaction([SESSION_SECRETS, ...lists]);
  /** Fastify's request line (method, url, host, client address), with secrets in the query string masked. */
  const req = (r: FastifyRequest): Record<string, unknown> => {
    // Anything else logged under `req` goes through as is (the header paths still apply).
    if (!r || typeof r.url !== 'string' || typeof r.method !== 'string') return r as unknown as Record<string, unknown>;
    return { method: r.method, url: redactUrl(r.url), host: r.host, remoteAddress: r.ip, remotePort: r.socket?.remotePort };
  };
  return { ...base, redact: { paths, censor: '[redacted]' }, serializers: { ...base.serializers, req } };
}
