import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_BUILD_HEADER } from '@balcao/shared/layout';
import { buildApp, type App } from '../app';
import { departamentos } from '../db/schema/departamentos';
import { createSocketServer } from '../realtime/server';
import { createTestApp, DB_KINDS, type TestApp } from '../test/harness';
import { webBuildOf } from './http-hygiene';
import { login, makeAccount } from '../test/factories';

const PRECOMPRESS = path.resolve(import.meta.dirname, '../../../../scripts/precompress.mjs');
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const INDEX_HTML = `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" /><title>Balcão</title>
<script src="/theme-init.js"></script><script type="module" crossorigin src="/assets/index-abc.js"></script></head>
<body><div id="root"></div></body></html>${' '.repeat(300)}`;
const APP_JS = `export const textos = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `mensagem número ${i}`))};`;
const WIDGET_JS = `(()=>{${'window.Balcao={versao:1,textos:["Olá! Como podemos ajudar?"]};'.repeat(200)}})();`;

/** A build as scripts/precompress.mjs leaves it: each file with its .br and .gz copies. */
function fakeBuild() {
  const root = mkdtempSync(path.join(tmpdir(), 'balcao-http-'));
  const web = path.join(root, 'web');
  mkdirSync(path.join(web, 'assets'), { recursive: true });
  writeFileSync(path.join(web, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(web, 'assets', 'index-abc.js'), APP_JS);
  const widget = path.join(root, 'widget');
  mkdirSync(widget);
  writeFileSync(path.join(widget, 'widget.js'), WIDGET_JS);
  execFileSync(process.execPath, [PRECOMPRESS, web, widget]);
  return { root, web, widgetJs: path.join(widget, 'widget.js') };
}

const decode = (enc: string | undefined, raw: Buffer) =>
  enc === 'br' ? brotliDecompressSync(raw) : enc === 'gzip' ? gunzipSync(raw) : raw;

describe.each(DB_KINDS)('HTTP hygiene: compression and security headers on %s', (kind) => {
  let t: TestApp;
  let app: App;
  let build: ReturnType<typeof fakeBuild>;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    build = fakeBuild();
    // The same context as the harness app, with the web build and the widget as the server is started with.
    app = await buildApp(t.ctx, { ping: t.database.ping, webDist: build.web, widgetJs: build.widgetJs });
    await app.ready();
    const acc = await makeAccount(t.ctx.db);
    auth = (await login(app, acc.master.email)).auth;
    // A list long enough (> 1 KB of JSON) to be compressed.
    await t.ctx.db
      .insert(departamentos)
      .values(Array.from({ length: 40 }, (_, i) => ({ accountId: acc.account.id, nome: `Departamento de atendimento ${i}` })));
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    if (build) rmSync(build.root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET', headers: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...headers } });

  describe('precompressed static files, chosen by Accept-Encoding', () => {
    it.each([
      ['/widget.js', WIDGET_JS],
      ['/assets/index-abc.js', APP_JS],
      ['/login', INDEX_HTML],
    ])('%s: brotli for "br, gzip", gzip for "gzip", the plain file otherwise, always with Vary', async (url, original) => {
      const br = await get(url, 'br, gzip');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(original) / 2);
      expect(decode('br', br.rawPayload).toString()).toBe(original);
      const gz = await get(url, 'gzip, deflate');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(decode('gzip', gz.rawPayload).toString()).toBe(original);
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.payload).toBe(original);
      const refused = await get(url, 'br;q=0, gzip;q=0');
      expect(refused.headers['content-encoding']).toBeUndefined();
      for (const res of [br, gz, plain]) expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    });

    it('the .br and .gz copies are not URLs of their own', async () => {
      expect((await get('/widget.js.br')).statusCode).toBe(404);
      expect((await get('/assets/index-abc.js.gz')).statusCode).toBe(404);
    });

    it('widget.js may be loaded by any site: CORS for all, cross-origin resource policy, JavaScript type', async () => {
      const res = await get('/widget.js', 'br, gzip', 'GET', { origin: 'https://loja.example' });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    });
  });

  describe('JSON answers', () => {
    it('above 1 KB are compressed as the client accepts; small ones and clients without Accept-Encoding get them plain', async () => {
      const br = await get('/backend/api/departamentos', 'br, gzip', 'GET', auth);
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      const list = JSON.parse(decode('br', br.rawPayload).toString());
      expect(list).toHaveLength(40);
      const gz = await get('/backend/api/departamentos', 'gzip', 'GET', auth);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(decode('gzip', gz.rawPayload).toString())).toEqual(list);
      const plain = await get('/backend/api/departamentos', undefined, 'GET', auth);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json()).toEqual(list);
      const small = await get('/backend/health', 'br, gzip');
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.json()).toEqual({ status: 'ok' });
    });

    it('an upload from a client that accepts compression is read whole and answered', async () => {
      const form = new FormData();
      form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'pixel.png');
      const body = new Response(form);
      const res = await app.inject({
        method: 'POST',
        url: '/backend/api/atendimento/upload',
        headers: { ...auth, 'accept-encoding': 'br, gzip', 'content-type': body.headers.get('content-type')! },
        payload: Buffer.from(await body.arrayBuffer()),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ mimeType: 'image/png', size: PNG_1X1.length });
      const served = await get(res.json().url, 'br, gzip');
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
    });
  });

  describe('security headers', () => {
    it('the staff app: a CSP without inline script that no other site may frame, nosniff, referrer policy, no HSTS on http', async () => {
      const res = await get('/login');
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('API answers carry nosniff and the CSP too', async () => {
      const res = await get('/backend/health');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect((await get('/backend/nada')).headers['x-content-type-options']).toBe('nosniff');
    });

    it('API answers name the web build served (its entry script, as the page loads it); other answers do not', async () => {
      const api = await get('/backend/api/departamentos', undefined, 'GET', auth);
      expect(api.statusCode).toBe(200);
      expect(api.headers[WEB_BUILD_HEADER]).toBe('/assets/index-abc.js');
      expect((await get('/backend/api/nada')).headers[WEB_BUILD_HEADER]).toBe('/assets/index-abc.js');
      expect((await get('/login')).headers[WEB_BUILD_HEADER]).toBeUndefined();
      expect(webBuildOf('<script src="/a.js"></script><script crossorigin type="module" src="/assets/x-1.js">')).toBe('/assets/x-1.js');
      expect(webBuildOf('<html><body></body></html>')).toBeNull();
    });

    it("the widget's popout keeps the site that opened it; the rating page is isolated like the rest", async () => {
      const popout = await get('/widget-conversations?canal=abc');
      expect(popout.statusCode).toBe(200);
      expect(popout.headers['cross-origin-opener-policy']).toBe('unsafe-none');
      expect(String(popout.headers['content-security-policy'])).toContain("script-src 'self'");
      const rating = await get('/avaliar/demo/00000000-0000-0000-0000-000000000000');
      expect(rating.statusCode).toBe(200);
      expect(rating.headers['cross-origin-opener-policy']).toBe('same-origin');
    });

    it('HSTS only when the public URL is https', async () => {
      const https = await buildApp({ ...t.ctx, secureCookies: true }, { ping: t.database.ping, webDist: build.web });
      try {
        const res = await https.inject({ method: 'GET', url: '/login' });
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
        expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      } finally {
        await https.close();
      }
    });

    it('HEAD on app routes answers like GET', async () => {
      for (const url of ['/login', '/atendimentos', '/widget-conversations?canal=abc']) {
        const head = await get(url, undefined, 'HEAD');
        expect(head.statusCode, url).toBe(200);
        expect(head.headers['content-type']).toMatch(/^text\/html/);
        expect(head.headers['x-content-type-options']).toBe('nosniff');
        expect(head.payload).toBe('');
      }
      expect((await get('/assets/index-abc.js', undefined, 'HEAD')).statusCode).toBe(200);
      expect((await get('/widget.js', undefined, 'HEAD')).statusCode).toBe(200);
      expect((await get('/backend/nada', undefined, 'HEAD')).statusCode).toBe(404);
    });
  });

  describe('uploads', () => {
    const put = (name: string, bytes: Buffer | string) => {
      mkdirSync(path.join(t.uploadsDir, 'anexos'), { recursive: true });
      writeFileSync(path.join(t.uploadsDir, 'anexos', name), bytes);
      return `/backend/uploads/anexos/${name}`;
    };

    it('pictures, sound and video are shown in place, embeddable by the widget on other sites, sandboxed', async () => {
      const res = await get(put('a1.png', PNG_1X1), 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('inline');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(String(res.headers['content-security-policy'])).toMatch(/sandbox/);
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
    });

    it.each([
      ['b2.html', '<!doctype html><script>alert(document.cookie)</script>'],
      ['c3.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['d4.pdf', '%PDF-1.4\n%âãÏÓ\n'],
      ['e5.docx', 'PK\u0003\u0004'],
      ['f6', '<html><script>alert(1)</script></html>'],
    ])('%s never renders as a page of our origin: a download, sandboxed, nosniff, not compressed', async (name, body) => {
      const res = await get(put(name, body), 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="/);
      expect(String(res.headers['content-security-policy'])).toMatch(/(^|; )sandbox($|;)/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-encoding']).toBeUndefined();
    });
  });
});

describe('Socket.IO answers', () => {
  it('polling answers (handshake included) carry nosniff too', async () => {
    const http = createServer();
    const sockets = createSocketServer(http, {});
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    try {
      const { port } = http.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/backend/socket.io/?EIO=4&transport=polling`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      await res.text();
    } finally {
      await sockets.close();
      await new Promise((r) => http.close(r));
    }
  });
});
