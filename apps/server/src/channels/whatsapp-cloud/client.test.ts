import { describe, expect, it } from 'vitest';
import { waVector } from '../../test/fake-graph';
import { GraphClient, GraphError } from './client';

type Seen = { url: string; auth: string | null; type: string | null; body: unknown };

/** A client whose fetch answers `status` and `body` once, recording what was asked. */
function clientAnswering(status: number, body: unknown) {
  const seen: Seen[] = [];
  const fetchImpl = (async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    seen.push({
      url,
      auth: headers.get('authorization'),
      type: headers.get('content-type'),
      body: init.body ? JSON.parse(String(init.body)) : null,
    });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { seen, client: new GraphClient({ baseUrl: 'https://graph.example/', version: 'v23.0' }, fetchImpl) };
}

describe('Graph API client against Meta’s published answers', () => {
  const request = waVector<{ body: Record<string, unknown> }>('send_text_request.json').body;

  it.each(['send_text_response.json', 'send_image_response.json', 'send_reaction_response.json', 'send_response_sdk_fixture.json'])(
    'reads the new message’s wamid from %s',
    async (file) => {
      const answer = waVector<{ messages: { id: string }[] }>(file);
      const { client, seen } = clientAnswering(200, answer);
      expect(await client.sendMessage('106540352242922', 'EAAJB-token', request)).toBe(answer.messages[0]!.id);
      expect(seen).toEqual([
        {
          url: 'https://graph.example/v23.0/106540352242922/messages',
          auth: 'Bearer EAAJB-token',
          type: 'application/json',
          body: request,
        },
      ]);
    },
  );

  it('takes Meta’s rate limits (130429, the pair limit 131056) and a 5xx as worth retrying, in Portuguese; an undeliverable message is not', async () => {
    const refusal = (status: number, body: unknown) =>
      clientAnswering(status, body)
        .client.sendMessage('1', 't', request)
        .catch((e: unknown) => e);
    const limited = await refusal(400, waVector('error_response_rate_limit.json'));
    expect(limited).toBeInstanceOf(GraphError);
    expect(limited).toMatchObject({
      code: 130429,
      retryable: true,
      message: 'Limite de envios deste número atingido; o envio será tentado de novo em instantes.',
    });
    expect(
      await refusal(400, { error: { message: '(#131056) (Business Account, Consumer Account) pair rate limit hit', code: 131056 } }),
    ).toMatchObject({
      code: 131056,
      retryable: true,
      message: 'Muitas mensagens para este cliente em pouco tempo; o envio será tentado de novo em instantes.',
    });
    expect(await refusal(503, { error: { message: 'Service temporarily unavailable', code: 2 } })).toMatchObject({
      httpStatus: 503,
      retryable: true,
    });
    expect(await refusal(400, { error: { message: 'Message undeliverable', code: 131026, error_data: { details: 'x' } } })).toMatchObject({
      code: 131026,
      retryable: false,
      message: 'Mensagem não entregue: o número pode não ter WhatsApp ou estar com uma versão antiga.',
    });
  });

  it('tries a send again by itself only when it never left: a connection refused, not a timeout or a cut after writing', async () => {
    const failing = (err: unknown) =>
      new GraphClient({ baseUrl: 'https://graph.example', version: 'v23.0' }, (async () => {
        throw err;
      }) as typeof fetch);
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    const cut = new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const outcome = (c: GraphClient) => c.sendMessage('1', 't', request).catch((e: GraphError) => e);
    expect(await outcome(failing(refused))).toMatchObject({ retryable: true });
    for (const err of [cut, timeout])
      expect(await outcome(failing(err))).toMatchObject({
        retryable: false,
        message:
          'Erro do WhatsApp: sem resposta do Meta; a mensagem pode ter chegado ao cliente. Confira no WhatsApp do cliente e reenvie se necessário.',
      });
    // Reading (a number, a media file) is tried again whatever the failure.
    expect(
      await failing(timeout)
        .phoneNumber('1', 't')
        .catch((e: GraphError) => e),
    ).toMatchObject({ retryable: true });
  });
});
