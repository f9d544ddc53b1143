import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { freePort } from './server';

/** What a fake's handler gets: the request, its whole body as text, and a JSON answer. */
export type FakeRequest = {
  req: IncomingMessage;
  res: ServerResponse;
  path: string;
  body: string;
  json: (status: number, v: unknown) => void;
};

/**
 * A small HTTP fake of an external service (Meta's Graph API, ...) on a free local port: each request's body is
 * read whole before `handle` answers it. The e2e flows' fakes share this; each keeps its own paths and answers.
 */
export async function startFakeHttp(handle: (r: FakeRequest) => unknown) {
  const port = await freePort();
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let b = '';
      req.on('data', (d) => {
        b += d;
      });
      req.on('end', () => resolve(b));
    });
  const server = createServer(async (req, res) => {
    const body = await read(req);
    const json = (status: number, v: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(v));
    };
    await handle({ req, res, path: new URL(req.url ?? '/', 'http://x').pathname, body, json });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}
