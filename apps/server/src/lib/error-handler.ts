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

/** One place turns every failure into `{ message, code, errors? }`; a stack trace never leaves the server. */
export function errorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return reply.code(err.status).send({ message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors: Record<string, string[]> = {};
    for (const issue of err.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      (errors[field] ??= []).push(issue.message ?? 'Valor inválido.');
    }
    const first = Object.values(errors)[0]?.[0] ?? 'Dados inválidos.';
    return reply.code(400).send({ message: first, code: 'VALIDATION', errors });
  }
  if (err.statusCode && err.statusCode < 500) {
    const message = FASTIFY_MESSAGES[err.code] ?? 'Requisição inválida.';
    return reply.code(err.statusCode).send({ message, code: err.code ?? 'BAD_REQUEST' });
  }
  req.log.error(err);
  return reply.code(500).send({ message: 'Erro inesperado. Tente novamente.', code: 'INTERNAL' });
}
