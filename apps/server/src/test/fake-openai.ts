import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The answer every chat completion gives, in the pieces a stream sends. */
export const FAKE_ANSWER = ['Olá! ', 'O prazo ', 'de entrega ', 'é de 3 dias úteis.'];
const FAKE_USAGE = { prompt_tokens: 120, completion_tokens: 14, total_tokens: 134 };
export const FAKE_TRANSCRIPT = 'Oi, queria saber do meu pedido.';

export type OpenAICall = {
  method: string;
  path: string;
  auth: string | undefined;
  contentType: string;
  body: Record<string, unknown> | null;
  raw: Buffer;
};
/** What the next call answers instead of success, as OpenAI's API does. */
export type FakeFailure = 'chave' | 'limite' | 'interno' | 'contexto';

const ERRORS: Record<FakeFailure, { status: number; headers?: Record<string, string>; error: Record<string, unknown> }> = {
  chave: {
    status: 401,
    error: { message: 'Incorrect API key provided: sk-***.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
  },
  limite: {
    status: 429,
    headers: { 'retry-after': '7' },
    error: { message: 'Rate limit reached for requests', type: 'requests', param: null, code: 'rate_limit_exceeded' },
  },
  interno: {
    status: 500,
    error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null },
  },
  contexto: {
    status: 400,
    error: {
      message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
      type: 'invalid_request_error',
      param: 'messages',
      code: 'context_length_exceeded',
    },
  },
};

/**
 * An OpenAI-compatible provider on a local port, in the wire format: chat completions whole or streamed
 * (`data: {chunk}` lines, the usage on the last, then `data: [DONE]`), a Whisper-style multipart
 * /audio/transcriptions, /models; `falhar` makes the next calls answer like the real API's errors.
 */
export class FakeOpenAI {
  readonly calls: OpenAICall[] = [];
  /** Pause between streamed pieces: the bench's fixed pace. */
  pieceDelayMs = 0;
  private failures: FakeFailure[] = [];
  private server!: Server;
  url = '';

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  falhar(...f: FakeFailure[]) {
    this.failures.push(...f);
  }

  chats = () => this.calls.filter((c) => c.path.endsWith('/chat/completions'));
  transcriptions = () => this.calls.filter((c) => c.path.endsWith('/audio/transcriptions'));

  private json(res: ServerResponse, status: number, obj: unknown, headers: Record<string, string> = {}) {
    const b = Buffer.from(JSON.stringify(obj));
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(b.length), ...headers });
    res.end(b);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const contentType = req.headers['content-type'] ?? '';
    let body: Record<string, unknown> | null = null;
    if (contentType.includes('json')) body = JSON.parse(raw.toString('utf8') || '{}');
    const path = req.url ?? '';
    this.calls.push({ method: req.method ?? '', path, auth: req.headers.authorization, contentType, body, raw });
    if (req.method === 'GET' && path.endsWith('/models'))
      return this.json(res, 200, { object: 'list', data: [{ id: 'modelo-teste', object: 'model', owned_by: 'teste' }] });
    const failure = this.failures.shift();
    if (failure) {
      const e = ERRORS[failure];
      return this.json(res, e.status, { error: e.error }, e.headers);
    }
    if (path.endsWith('/audio/transcriptions')) {
      // Whisper's form: a `file` part and a `model` field.
      const form = raw.toString('latin1');
      if (!contentType.startsWith('multipart/form-data') || !/name="file"/.test(form) || !/name="model"/.test(form))
        return this.json(res, 400, { error: { message: 'file and model are required', type: 'invalid_request_error' } });
      return this.json(res, 200, { text: FAKE_TRANSCRIPT });
    }
    if (!path.endsWith('/chat/completions')) return this.json(res, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
    const model = String(body?.model ?? 'x');
    const created = Math.floor(Date.now() / 1000);
    const base = { id: 'chatcmpl-teste', object: 'chat.completion.chunk', created, model };
    if (!body?.stream)
      return this.json(res, 200, {
        id: 'chatcmpl-teste',
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: FAKE_ANSWER.join('') }, finish_reason: 'stop' }],
        usage: FAKE_USAGE,
      });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (obj: unknown) => res.write(`data: ${typeof obj === 'string' ? obj : JSON.stringify(obj)}\n\n`);
    send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    for (const piece of FAKE_ANSWER) {
      if (this.pieceDelayMs) await new Promise((r) => setTimeout(r, this.pieceDelayMs));
      send({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
    }
    send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    send({ ...base, choices: [], usage: FAKE_USAGE });
    send('[DONE]');
    res.end();
  }
}
