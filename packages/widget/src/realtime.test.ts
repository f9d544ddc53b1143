import { describe, expect, it } from 'vitest';
import type { TAckError } from '@balcao/shared/hubs';
import type { OutboxItem } from './outbox';
import { emitSend, type WidgetSocket } from './realtime';

const item: OutboxItem = { clientId: 'c1', conteudo: 'Oi', midia: null, criadaEm: '2025-01-01T12:00:00.000Z' };

/** A connected socket whose EnviarMensagem is answered with `answer` (or times out when it is an Error). */
const socketAnswering = (answer: TAckError | Error) =>
  ({
    connected: true,
    timeout: () => ({
      emit: (_event: string, _payload: unknown, cb: (err: Error | null, r?: TAckError) => void) =>
        answer instanceof Error ? cb(answer) : cb(null, answer),
    }),
  }) as unknown as WidgetSocket;

describe('emitSend: the widget decides by the refusal code, never by its text', () => {
  it('keeps the message queued when the server only lacked its database for a moment', async () => {
    const r = await emitSend(socketAnswering({ ok: false, code: 'DATABASE_UNAVAILABLE', message: 'Indisponível.' }), item);
    expect(r).toEqual({ ok: false, retry: true, message: 'Indisponível.' });
  });

  it('gives up on a refusal of the message itself, showing its text', async () => {
    const r = await emitSend(socketAnswering({ ok: false, code: 'VALIDATION', message: 'Mensagem vazia.' }), item);
    expect(r).toEqual({ ok: false, retry: false, message: 'Mensagem vazia.' });
  });

  it('retries what was never answered (no ack in time) or never sent (offline)', async () => {
    expect(await emitSend(socketAnswering(new Error('operation has timed out')), item)).toEqual({ ok: false, retry: true });
    expect(await emitSend(null, item)).toEqual({ ok: false, retry: true });
  });
});
