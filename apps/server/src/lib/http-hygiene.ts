import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';

/**
 * The staff app's policy, which its own build satisfies: scripts only from our origin (no inline script: the
 * theme runs from /theme-init.js), styles from our origin plus inline ones (Radix, sonner and the widget
 * insert <style> elements), images and media from our origin, data: and blob: (previews before upload),
 * sockets to our origin, and no page of ours inside another site's frame.
 */
function appContentSecurityPolicy(https: boolean, analytics: string[]): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...analytics],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...analytics],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * The product analytics host (POSTHOG_HOST) when configured: its events go there, and its library loads its
 * optional parts (web vitals, exception capture, surveys) from there or, on PostHog's cloud, its assets host.
 */
function analyticsOrigins(host: string | undefined): string[] {
  if (!host) return [];
  const origin = new URL(host).origin;
  const cloud = /^https:\/\/(us|eu)\.i\.posthog\.com$/.exec(origin);
  return cloud ? [origin, `https://${cloud[1]}-assets.i.posthog.com`] : [origin];
}

/** Uploads never run as a page of our origin, even when opened directly: no script, no plugin, a sandbox. */
const UPLOADS_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** Extensions a browser may show in place: pictures, sound and video. SVG is absent: it can carry script. */
const INLINE_UPLOAD_EXTENSIONS = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.avif',
  '.bmp',
  '.mp3',
  '.ogg',
  '.oga',
  '.opus',
  '.wav',
  '.weba',
  '.m4a',
  '.aac',
  '.mp4',
  '.m4v',
  '.webm',
  '.ogv',
  '.mov',
]);

/** Pages that a site opens on purpose with `window.open` and may keep talking to (postMessage): the popout. */
const OPENED_BY_SITES = /^\/widget-conversations(?:[/?#]|$)/i;

/**
 * Security headers on every answer (helmet): the CSP above, nosniff, a referrer that keeps the path only on our
 * own origin (the widget's popout calls are checked by their Referer's origin), HSTS only when PUBLIC_URL is
 * https, and resources readable by our origin alone unless a route says otherwise (widget.js, uploads).
 * helmet's middleware is built once here: @fastify/helmet built it again at every request, parsing the CSP
 * each time.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean; analyticsHost?: string }) {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: appContentSecurityPolicy(opts.https, analyticsOrigins(opts.analyticsHost)) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (req, reply, done) => headers(req.raw, reply.raw, (err) => done(err as Error | undefined)));
}

/** The SPA's HTML for a path: the popout keeps its opener (a customer's site); every other page is isolated. */
export function pageHeaders(reply: FastifyReply, url: string) {
  reply.header('cache-control', 'no-cache');
  if (OPENED_BY_SITES.test(url)) reply.header('cross-origin-opener-policy', 'unsafe-none');
}

/**
 * An upload is shown in place only when it is a picture, sound or video; anything else (HTML, SVG, PDF,
 * documents) is a download, with a CSP sandbox besides. Any site may embed them (the widget shows them).
 */
export function uploadHeaders(reply: FastifyReply, file: string) {
  const inline = INLINE_UPLOAD_EXTENSIONS.has(path.extname(file).toLowerCase());
  reply.header('content-disposition', inline ? 'inline' : `attachment; filename="${path.basename(file).replace(/[^\w.-]/g, '_')}"`);
  reply.header('content-security-policy', UPLOADS_CSP);
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

/**
 * The web app's build, named by the entry script its index.html loads (the file name carries the build's hash):
 * the same string the page's own script tag holds in every tab that loaded it.
 */
export function webBuildOf(indexHtml: string): string | null {
  for (const [tag] of indexHtml.matchAll(/<script\b[^>]*>/g))
    if (/\btype="module"/.test(tag)) return /\bsrc="([^"]+)"/.exec(tag)?.[1] ?? null;
  return null;
}

/** Hashed build assets never change; index.html and the public files must always be checked again. */
export function webAssetHeaders(reply: FastifyReply, file: string) {
  reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** The build writes .br and .gz copies beside each file (scripts/precompress.mjs); they are not URLs of their own. */
export const PRECOMPRESSED_COPIES = ['**/*.br', '**/*.gz'];

/**
 * /widget.js for any site: the brotli or gzip copy the browser accepts (Vary: Accept-Encoding), CORS for
 * everyone, embeddable from other origins, re-checked every five minutes.
 */
export async function serveWidgetScript(app: FastifyInstance, file: string) {
  const name = path.basename(file);
  await app.register(fastifyStatic, {
    root: path.dirname(path.resolve(file)),
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    preCompressed: true,
    globIgnore: PRECOMPRESSED_COPIES,
    allowedPath: (p) => p === `/${name}`,
    cacheControl: false,
    setHeaders: (reply: FastifyReply) => {
      reply.header('content-type', 'application/javascript; charset=utf-8');
      reply.header('cache-control', 'public, max-age=300');
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
}

/**
 * JSON (and text) answers of the API above 1 KB, brotli or gzip as the client accepts. Registered inside the
 * API scope only: static files are precompressed at build time, Socket.IO answers its own requests before
 * Fastify, and request bodies (uploads included) are never inflated by the server.
 */
export async function registerApiCompression(api: FastifyInstance) {
  await api.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)/,
    globalDecompression: false,
  });
}
