import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One request the browser made to the analytics host: where, and its body as text (decompressed, decoded). */
export type PostHogRequest = { path: string; raw: string; text: string; events: { event: string; properties: Record<string, unknown> }[] };

const body = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts)));
  });

/** posthog-js sends JSON, gzip (?compression=gzip-js) or a form field `data` in base64 (?compression=base64). */
function decode(buf: Buffer, url: URL): string {
  if (buf[0] === 0x1f && buf[1] === 0x8b) return gunzipSync(buf).toString('utf8');
  const s = buf.toString('utf8');
  if (url.searchParams.get('compression') === 'base64' || s.startsWith('data=')) {
    const data = new URLSearchParams(s).get('data') ?? '';
    return Buffer.from(decodeURIComponent(data), 'base64').toString('utf8');
  }
  return s;
}

function eventsOf(text: string): PostHogRequest['events'] {
  try {
    const parsed = JSON.parse(text) as unknown;
    const list = Array.isArray(parsed) ? parsed : ((parsed as { batch?: unknown[] }).batch ?? [parsed]);
    return list.filter((e): e is PostHogRequest['events'][number] => typeof (e as { event?: unknown })?.event === 'string');
  } catch {
    return [];
  }
}

/**
 * A local PostHog: the capture endpoints (/e/, /i/v0/e/, /batch/, /capture/) record what arrives; /flags and
 * the remote config answer "nothing configured", as a project without flags; scripts (extensions) 404.
 * Answers CORS as PostHog does (the app's origin, with credentials).
 */
export async function startFakePostHog() {
  const requests: PostHogRequest[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('access-control-allow-credentials', 'true');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    const buf = await body(req);
    const text = decode(buf, url);
    requests.push({ path: url.pathname + url.search, raw: buf.toString('latin1'), text, events: eventsOf(text) });
    res.setHeader('content-type', 'application/json');
    if (/^\/(flags|decide)\//.test(url.pathname))
      return res.end(JSON.stringify({ featureFlags: {}, featureFlagPayloads: {}, errorsWhileComputingFlags: false }));
    if (url.pathname.startsWith('/array/') && url.pathname.endsWith('/config')) return res.end('{}');
    if (/^\/(e|i\/v0\/e|batch|capture|track|engage)\/?$/.test(url.pathname)) return res.end('{"status":1}');
    return res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    events: () => requests.flatMap((r) => r.events),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
