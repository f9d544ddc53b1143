import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const WA_VECTORS = path.join(import.meta.dirname, 'vectors', 'whatsapp-cloud');
/** A vector exactly as published (the bytes matter: signatures are computed over them). */
export const waVectorBytes = (name: string) => readFileSync(path.join(WA_VECTORS, name));
export const waVector = <T = Record<string, unknown>>(name: string) => JSON.parse(waVectorBytes(name).toString('utf8')) as T;

/** A 1x1 JPEG and a one-page PDF's header: what a media download answers (the content is checked by type). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** One call as received; an upload to /media records its form fields (the file as name, type and size) and the id answered. */
export type GraphCall = { method: string; path: string; auth: string | undefined; body: Record<string, unknown> | null; mediaId?: string };
type MediaFile = { mime: string; bytes: Buffer };

/** An approved template as GET /{waba-id}/message_templates lists it (FakeGraph.templates), with its body's text. */
export const approvedTemplate = (name: string, text: string, language = 'pt_BR') => ({
  name,
  language,
  status: 'APPROVED',
  category: 'UTILITY',
  components: [{ type: 'BODY', text }],
});

const TYPES = ['text', 'image', 'video', 'audio', 'document', 'sticker', 'reaction', 'location', 'contacts', 'interactive', 'template'];

/**
 * Meta's Graph API on a local port, as the WhatsApp Cloud API answers: the bearer token is checked (190
 * otherwise), message bodies are checked like Meta does (messaging_product, recipient_type, to, type and its
 * object; 100 otherwise) and answered with send_text_response.json's shape; media ids resolve to a URL on
 * this server whose download also needs the token; `failNext` answers the next sends with an error (the
 * rate-limit vector by default).
 */
export class FakeGraph {
  readonly calls: GraphCall[] = [];
  private server!: Server;
  private failures: { status: number; body: unknown }[] = [];
  private drops = 0;
  private n = 0;
  /** Meta's message ids are unique across numbers and servers: two fakes in one test must not repeat each other's. */
  private readonly tag = randomUUID().slice(0, 8);
  /** The id this fake answered for its n-th send (1-based). */
  wamid = (n: number) => `wamid.FAKE${this.tag}${n}`;
  private uploaded = 0;
  /** Sends wait for this before answering (hold), then take `sendDelayMs`; the most answered at once is kept. */
  private held: Promise<void> = Promise.resolve();
  sendDelayMs = 0;
  private inFlight = 0;
  maxInFlight = 0;
  readonly media = new Map<string, MediaFile>([
    ['65463453', { mime: 'image/jpeg', bytes: JPEG }],
    ['1234567890987654321', { mime: 'application/pdf', bytes: PDF }],
    ['1234567890', { mime: 'image/jpeg', bytes: JPEG }],
  ]);
  baseUrl = '';
  /** What GET /{waba-id}/message_templates answers (Meta's shape: name, language, status, category, components). */
  templates: Record<string, unknown>[] = [];
  /** While true, GET /{waba-id}/message_templates answers Meta's 'service unavailable' (code 2). */
  templatesDown = false;

  constructor(
    readonly token: string,
    readonly phoneNumberId: string,
    readonly version = 'v23.0',
  ) {}

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  failNext(times = 1, status = 400, body: unknown = waVector('error_response_rate_limit.json')) {
    for (let i = 0; i < times; i++) this.failures.push({ status, body });
  }

  /** Sends are answered only once the returned function is called (a slow Meta). */
  hold(): () => void {
    let release!: () => void;
    this.held = new Promise((r) => {
      release = r;
    });
    return release;
  }

  /** The next sends reach Meta (recorded) but the connection is cut before any answer, as a timeout would leave them. */
  dropNext(times = 1) {
    this.drops += times;
  }

  /** Other numbers this fake serves (one number belongs to one channel: each test account has its own). */
  private readonly numbers = new Set<string>();
  private serves = (id: string | undefined) => id === this.phoneNumberId || (id !== undefined && this.numbers.has(id));

  /** A new number of this fake's, for one more channel. */
  newNumber() {
    const id = String(2_000_000_000_000 + this.numbers.size + 1);
    this.numbers.add(id);
    return id;
  }

  private messagesEdge() {
    return this.calls.filter((c) => {
      const [, version, id, edge] = c.path.split('/');
      return c.method === 'POST' && version === this.version && this.serves(id) && edge === 'messages';
    });
  }

  /** The ids /media answered, in order. */
  uploads() {
    return this.calls.filter((c) => c.mediaId);
  }

  /** Message sends (read receipts aside). */
  sends() {
    return this.messagesEdge().filter((c) => c.body?.status !== 'read');
  }

  /** Read receipts ({messaging_product, status: 'read', message_id}). */
  reads() {
    return this.messagesEdge().filter((c) => c.body?.status === 'read');
  }

  /**
   * POST /{phone-number-id}/media as Meta takes it: multipart with messaging_product=whatsapp, the file's type
   * and the file; answers {id}, and the file is then downloadable by that id like a customer's.
   */
  private async upload(
    call: GraphCall,
    req: IncomingMessage,
    bytes: Buffer,
    json: (status: number, obj: unknown) => void,
    metaError: (status: number, code: number, message: string) => void,
  ) {
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': String(req.headers['content-type'] ?? '') },
      body: new Uint8Array(bytes),
    })
      .formData()
      .catch(() => null);
    const [product, type, file] = [form?.get('messaging_product'), form?.get('type'), form?.get('file')];
    if (product !== 'whatsapp' || typeof type !== 'string' || !type || !(file instanceof Blob))
      return metaError(400, 100, '(#100) The parameter messaging_product is required.');
    const content = Buffer.from(await file.arrayBuffer());
    call.body = {
      messaging_product: 'whatsapp',
      type,
      file: { name: (file as File).name, type: file.type, size: content.length },
    };
    call.mediaId = `${9000000 + ++this.uploaded}`;
    this.media.set(call.mediaId, { mime: type, bytes: content });
    return json(200, { id: call.mediaId });
  }

  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    const raw = bytes.toString('utf8');
    let body: Record<string, unknown> | null = null;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    const url = new URL(req.url ?? '/', this.baseUrl);
    const call: GraphCall = { method: req.method ?? 'GET', path: url.pathname, auth: req.headers.authorization, body };
    this.calls.push(call);
    const json = (status: number, obj: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(obj));
    };
    const metaError = (status: number, code: number, message: string) =>
      json(status, { error: { message, type: 'OAuthException', code, fbtrace_id: 'AfakeTrace' } });
    if (req.headers.authorization !== `Bearer ${this.token}`)
      return metaError(401, 190, 'Invalid OAuth access token - Cannot parse access token');

    if (url.pathname.startsWith('/media/')) {
      const file = this.media.get(url.pathname.slice('/media/'.length));
      if (!file) return metaError(404, 100, 'Unknown media');
      res.writeHead(200, { 'content-type': file.mime, 'content-length': String(file.bytes.length) });
      return res.end(file.bytes);
    }
    const [, version, id, edge] = url.pathname.split('/');
    if (version !== this.version) return metaError(400, 2500, 'Unknown version');
    if (req.method === 'POST' && this.serves(id) && edge === 'media') return this.upload(call, req, bytes, json, metaError);
    if (req.method === 'POST' && this.serves(id) && edge === 'messages') {
      if (this.drops > 0) {
        this.drops--;
        return void req.socket.destroy();
      }
      const failure = this.failures.shift();
      if (failure) return json(failure.status, failure.body);
      if (body?.status === 'read')
        return body.messaging_product === 'whatsapp' && typeof body.message_id === 'string' && body.message_id
          ? json(200, { success: true })
          : metaError(400, 100, '(#100) Invalid parameter');
      this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
      await this.held;
      if (this.sendDelayMs) await new Promise((r) => setTimeout(r, this.sendDelayMs));
      this.inFlight--;
      const b = body ?? {};
      const type = String(b.type ?? '');
      const valid =
        b.messaging_product === 'whatsapp' &&
        b.recipient_type === 'individual' &&
        ((typeof b.to === 'string' && b.to.length > 0) ||
          (b.to === undefined && typeof b.recipient === 'string' && b.recipient.length > 0)) &&
        TYPES.includes(type) &&
        typeof b[type] === 'object' &&
        (type !== 'text' ||
          (typeof (b.text as { body?: unknown }).body === 'string' && ((b.text as { body: string }).body.length ?? 0) <= 4096));
      if (!valid) return metaError(400, 100, '(#100) Invalid parameter');
      const media = b[type] as { id?: unknown; link?: unknown };
      if (['image', 'video', 'audio', 'document', 'sticker'].includes(type) && !media.link && !this.media.has(String(media.id)))
        return metaError(400, 131053, 'Media upload error');
      const shape = waVector<{ messages: { id: string }[] }>('send_text_response.json');
      return json(200, {
        ...shape,
        contacts: [
          b.to === undefined ? { input: b.recipient, user_id: b.recipient } : { input: b.to, wa_id: String(b.to).replace(/^\+/, '') },
        ],
        messages: [{ id: this.wamid(++this.n) }],
      });
    }
    if (req.method === 'GET' && edge === 'message_templates')
      return this.templatesDown ? metaError(503, 2, 'Service temporarily unavailable') : json(200, { data: this.templates, paging: {} });
    if (req.method === 'GET' && this.serves(id) && !edge)
      return json(200, { verified_name: 'Loja Teste', display_phone_number: '+55 11 99999-0000', id });
    if (req.method === 'GET' && id && !edge && this.media.has(id)) {
      const file = this.media.get(id)!;
      return json(200, {
        messaging_product: 'whatsapp',
        url: `${this.baseUrl}/media/${id}`,
        mime_type: file.mime,
        sha256: 'fake',
        file_size: file.bytes.length,
        id,
      });
    }
    return metaError(404, 100, 'Unsupported get request.');
  }
}
