/**
 * What every hub (/atendimento, /chat-interno, /widget) acknowledges when it refuses an event: the same
 * `{ message, code }` an HTTP call answers. Clients decide by `code`; `message` is only shown to a person.
 * Zod-free on purpose: the widget imports it and counts its bytes.
 */
export type TAckError = { ok: false; message: string; code: string };

/** Codes every hub may answer besides the AppError codes of the call itself (FORA_DA_JANELA, NOT_FOUND, ...). */
export const ACK_CODES = {
  validation: 'VALIDATION',
  internal: 'INTERNAL',
  sessionEnded: 'SESSION_ENDED',
  databaseUnavailable: 'DATABASE_UNAVAILABLE',
} as const;

/** A refusal that says nothing about the event itself: the same event sent again later can succeed. */
export const isTransientAck = (ack: { code?: string }) => ack.code === ACK_CODES.databaseUnavailable;
