/** An error a person can read: Portuguese message, stable code, HTTP status. One mapper turns it into the body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}
export class BadRequest extends AppError {
  constructor(message: string, errors?: Record<string, string[]>) {
    super(400, 'VALIDATION', message, errors);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Sua sessão expirou. Faça login novamente.', code = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'Você não tem permissão para fazer isso.', code = 'FORBIDDEN') {
    super(403, code, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Não encontrado.') {
    super(404, 'NOT_FOUND', message);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, 'CONFLICT', message);
  }
}
export class PayloadTooLarge extends AppError {
  constructor(message: string) {
    super(413, 'PAYLOAD_TOO_LARGE', message);
  }
}
export class UnsupportedMedia extends AppError {
  constructor(message: string) {
    super(415, 'UNSUPPORTED_MEDIA', message);
  }
}
export class TooManyRequests extends AppError {
  constructor(message: string) {
    super(429, 'TOO_MANY_REQUESTS', message);
  }
}
