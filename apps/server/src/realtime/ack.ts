import { ACK_CODES, type TAckError } from '@balcao/shared/hubs';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../lib/error-handler';
import { AppError } from '../lib/errors';

type Logger = { error: (obj: unknown, msg?: string) => void };

/** An event whose payload failed its shared schema. */
export const invalidAck = (message: string): TAckError => ({ ok: false, message, code: ACK_CODES.validation });

/**
 * The one refusal shape of the three hubs, as an HTTP call would answer: an AppError's own message and code,
 * the database's unavailability (the client sends again), else the event's fallback text and INTERNAL (logged).
 */
export function refusalAck(err: unknown, fallback: string, log?: Logger, what?: string): TAckError {
  if (err instanceof AppError) return { ok: false, message: err.message, code: err.code };
  if (isDatabaseUnavailable(err)) return { ok: false, ...DATABASE_UNAVAILABLE };
  log?.error({ err }, what ?? 'socket event');
  return { ok: false, message: fallback, code: ACK_CODES.internal };
}
