import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { uploadHeaders } from '../http-hygiene';
import { type ByteRange, isSafeKey, RangeNotSatisfiable, type Storage, type StoredInfo } from './types';

/** Uploads never change (new name for new bytes): a browser keeps them a month without asking again. */
const CACHE_CONTROL = 'public, max-age=2592000, immutable';

/** One `bytes=` range, as browsers send for sound and video; anything else (several ranges, other units) is ignored. */
export function parseRange(header: string | undefined): ByteRange | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') return { suffix: Number(m[2]) };
  const start = Number(m[1]);
  const end = m[2] === '' ? undefined : Number(m[2]);
  return end !== undefined && end < start ? undefined : { start, ...(end !== undefined ? { end } : {}) };
}

/** The client's copy is current (If-None-Match, else If-Modified-Since), as @fastify/send judged it. */
function notModified(req: FastifyRequest, info: StoredInfo): boolean {
  const inm = req.headers['if-none-match'];
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  if (inm) return inm.trim() === '*' || inm.split(',').some((tag) => weak(tag) === weak(info.etag));
  const ims = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(ims) && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= ims;
}

/** A range applies unless If-Range names another version of the file. */
function rangeFresh(req: FastifyRequest, info: StoredInfo): boolean {
  const ifRange = req.headers['if-range'] as string | undefined;
  if (!ifRange) return true;
  if (ifRange.includes('"')) return ifRange.trim() === info.etag;
  return Date.parse(ifRange) >= Math.floor(info.lastModified.getTime() / 1000) * 1000;
}

function describe(reply: FastifyReply, key: string, info: StoredInfo) {
  uploadHeaders(reply, key);
  void reply
    .header('content-type', info.contentType)
    .header('accept-ranges', 'bytes')
    .header('cache-control', CACHE_CONTROL)
    .header('last-modified', info.lastModified.toUTCString())
    .header('etag', info.etag);
}

/**
 * GET and HEAD /backend/uploads/<key> from the uploads' storage, disk or bucket alike: streamed, with the
 * upload headers (lib/http-hygiene), validators and one byte range (206) for sound and video players.
 */
export function registerUploadsRoute(app: FastifyInstance, prefix: string, storage: Storage) {
  const keyOf = (req: FastifyRequest) => {
    const key = (req.params as { '*': string })['*'];
    return isSafeKey(key) ? key : null;
  };
  app.head(`${prefix}/*`, async (req, reply) => {
    const key = keyOf(req);
    const info = key ? await storage.head(key) : null;
    if (!key || !info) return reply.callNotFound();
    describe(reply, key, info);
    return reply
      .code(notModified(req, info) ? 304 : 200)
      .header('content-length', info.size)
      .send();
  });
  app.get(`${prefix}/*`, { exposeHeadRoute: false }, async (req, reply) => {
    const key = keyOf(req);
    if (!key) return reply.callNotFound();
    // A revalidation asks the metadata alone: no body is opened for a 304.
    if (req.headers['if-none-match'] || req.headers['if-modified-since']) {
      const info = await storage.head(key);
      if (!info) return reply.callNotFound();
      if (notModified(req, info)) {
        describe(reply, key, info);
        return reply.code(304).send();
      }
    }
    let range = parseRange(req.headers.range);
    if (range && req.headers['if-range']) {
      const info = await storage.head(key);
      if (info && !rangeFresh(req, info)) range = undefined;
    }
    try {
      const file = await storage.get(key, range);
      if (!file) return reply.callNotFound();
      describe(reply, key, file);
      void reply.header('content-length', file.size === 0 ? 0 : file.end - file.start + 1);
      if (range && file.size > 0) void reply.code(206).header('content-range', `bytes ${file.start}-${file.end}/${file.size}`);
      return reply.send(file.body);
    } catch (err) {
      if (!(err instanceof RangeNotSatisfiable)) throw err;
      return reply.code(416).header('content-range', `bytes */${err.size}`).send();
    }
  });
}
