import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// http_ece comes with web-push: the RFC 8188 reference code, here on the receiving side.
// @ts-expect-error the package ships no types
import ece from 'http_ece';

/** One push as a push service receives it, decrypted with the browser's keys and its VAPID header checked. */
type TPushRecebido = {
  path: string;
  headers: Record<string, string>;
  payload: unknown;
  vapid: { aud: string; sub: string; exp: number };
};

/** A browser's subscription keys, made as the Push API makes them: a P-256 key pair and a 16-byte auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; the JWT signature is checked with k. */
function checkVapid(header: string) {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header);
  if (!m) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [h, p, s] = m[1]!.split('.');
  const raw = Buffer.from(m[2]!, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s!, 'base64url')))
    throw new Error('VAPID JWT signature does not verify');
  return JSON.parse(Buffer.from(p!, 'base64url').toString()) as { aud: string; sub: string; exp: number };
}

/**
 * A local push service: browsers (subscriptions) are registered by path; a POST is decrypted (aes128gcm) with
 * that browser's private key. A path listed in `gone` answers 410 like a push service for an expired one.
 */
export async function fakePushService() {
  const browsers = new Map<string, ReturnType<typeof browserKeys>>();
  const recebidos: TPushRecebido[] = [];
  const erros: string[] = [];
  const gone = new Set<string>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      if (gone.has(path)) {
        res.writeHead(410).end();
        return;
      }
      try {
        const b = browsers.get(path);
        if (!b) throw new Error(`unknown subscription ${path}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const vapid = checkVapid(String(req.headers.authorization));
        const clear = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth }) as Buffer;
        recebidos.push({ path, headers: req.headers as Record<string, string>, payload: JSON.parse(clear.toString('utf8')), vapid });
        res.writeHead(201).end();
      } catch (err) {
        erros.push((err as Error).message);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    recebidos,
    erros,
    gone,
    /** A new browser: its subscription as `PushSubscription.toJSON()` gives it. */
    browser(name: string) {
      const keys = browserKeys();
      browsers.set(`/push/${name}`, keys);
      return { endpoint: `${base}/push/${name}`, keys: { p256dh: keys.p256dh, auth: keys.auth } };
    },
    para: (name: string) => recebidos.filter((r) => r.path === `/push/${name}`),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
