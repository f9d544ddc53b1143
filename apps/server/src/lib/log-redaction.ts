import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters whose values never reach a log line (links with tokens, an old widget's visitor token). */
const SECRET_QUERY = /([?&](?:token|visitante|senha|password|secret|segredo|code|refresh)=)[^&#]*/gi;
const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

const SECRET_HEADERS = ['authorization', 'cookie', '["set-cookie"]', '["x-visitante-token"]', '["x-operator-token"]'];
const header = (h: string) => (h.startsWith('[') ? h : `.${h}`);
/** Header values that never reach a log line, wherever a request or response is logged. */
const LOG_REDACT = {
  paths: SECRET_HEADERS.flatMap((h) => [`req.headers${header(h)}`, `res.headers${header(h)}`, `headers${header(h)}`]),
  censor: '[redacted]',
};

/** Fastify's request line (method, url, host, client address), with secrets in the query string masked. */
function req(r: FastifyRequest): Record<string, unknown> {
  // Anything else logged under `req` goes through as is (the header paths above still apply).
  if (!r || typeof r.url !== 'string' || typeof r.method !== 'string') return r as unknown as Record<string, unknown>;
  return { method: r.method, url: redactUrl(r.url), host: r.host, remoteAddress: r.ip, remotePort: r.socket?.remotePort };
}

/** The logger options with redaction added: tokens and secrets never reach the log. */
export function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return { ...base, redact: LOG_REDACT, serializers: { ...base.serializers, req } };
}
