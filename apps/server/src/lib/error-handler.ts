import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

/** Fastify's own client errors, in Portuguese. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'O corpo da requisição não é um JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'O corpo da requisição está vazio.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de conteúdo não suportado.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'A requisição é grande demais.',
  FST_REQ_FILE_TOO_LARGE: 'O arquivo é grande demais.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Envie o arquivo como multipart/form-data.',
};

/**
 * PostgreSQL's "the server is going away, not there or out of room" codes: admin shutdown, crash, cannot
 * connect now, connection exceptions, a full disk (a write that needed a new page), too many connections.
 */
const PG_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '08007', '53100', '53300']);
const NET_UNAVAILABLE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed/i;
export const DATABASE_UNAVAILABLE = {
  message: 'O banco de dados está indisponível no momento. Tente novamente em instantes.',
  code: 'DATABASE_UNAVAILABLE',
};

/** True when the failure is the database connection (cut, refused, closing), not the query: worth a retry, never a 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  // Drizzle wraps the driver's error as `cause`.
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, severity } = e as { code?: unknown; message?: unknown; severity?: unknown };
    if (typeof code === 'string' && (PG_UNAVAILABLE_CODES.has(code) || NET_UNAVAILABLE_CODES.has(code))) return true;
    // The statement's backend ended with it (a sync that failed; PGlite's thread then opens again).
    if (severity === 'PANIC' || severity === 'FATAL') return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** One place turns every failure into `{ message, code, errors? }`; a stack trace never leaves the server. */
export function errorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return reply.code(err.status).send({ message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors: Record<string, string[]> = {};
    for (const issue of err.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      errors[field] = [...(errors[field] ?? []), issue.message ?? 'Valor inválido.'];
    }
    const first = Object.values(errors)[0]?.[0] ?? 'Dados inválidos.';
    return reply.code(400).send({ message: first, code: 'VALIDATION', errors });
  }
  if (err.statusCode && err.statusCode < 500) {
    const message = FASTIFY_MESSAGES[err.code] ?? 'Requisição inválida.';
    return reply.code(err.statusCode).send({ message, code: err.code ?? 'BAD_REQUEST' });
  }
  if (isDatabaseUnavailable(err)) {
    req.log.warn({ err: (err as Error).message }, 'banco de dados indisponível');
    return reply.code(503).header('retry-after', '1').send(DATABASE_UNAVAILABLE);
  }
  req.log.error(err);
  return reply.code(500).send({ message: 'Erro inesperado. Tente novamente.', code: 'INTERNAL' });
}
