import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { whatsappEventos, type WhatsAppEventoRow } from '../../db/schema/whatsapp';
import type { WhatsAppCanalRow } from '../../db/schema/atendimentos';
import { type Db, perDatabase, preparedRows } from '../../lib/db';
import { countWebhook } from '../../lib/metrics';
import { WriteBatcher } from '../../lib/write-batcher';
import { whatsappOf } from '../registry';
import { byNumero, type KeptCanal, keptCanais, numeroOfKey, readCanalAgain } from './kept-canais';
import { ChannelPace } from './pace';
import { CLAIM_MS } from './processor';
import { splitDelivery } from './split-delivery';
import { findWhatsAppCanalByNumero, findWhatsAppCanalByToken, openSecrets } from './service';
import type { LogSecrets } from '../../lib/log-redaction';

/**
 * X-Hub-Signature-256 (`sha256=<hex>`): HMAC-SHA256 of the raw body with the app secret, compared in
 * constant time. Over the bytes as received, never over re-serialized JSON (Meta signs its escaped form).
 */
export function validSignature(raw: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = header.slice('sha256='.length).trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

type Delivery = { canal: Pick<WhatsAppCanalRow, 'id' | 'accountId'>; raw: Buffer };
const hashOf = (raw: Buffer) => createHash('sha256').update(raw).digest('hex');

const insertEvents = preparedRows<{ id: string; canal_id: string; hash: string; recebido_ms: number }, { rows: string; ate: string }>(
  'balcao_whatsapp_entregas',
  sql`insert into ${whatsappEventos} (account_id, canal_id, hash, corpo, processando_ate, tentativas)
    select account_id, canal_id, hash, corpo, ${sql.placeholder('ate')}::timestamptz, 1
    from json_to_recordset(${sql.placeholder('rows')}::json) as r(account_id uuid, canal_id uuid, hash text, corpo text)
    on conflict do nothing
    returning id, canal_id, hash, (extract(epoch from recebido_em) * 1000)::float8 as recebido_ms`,
  (v) => ({ id: v[0] as string, canal_id: v[1] as string, hash: v[2] as string, recebido_ms: v[3] as number }),
);

/**
 * Deliveries in one insert (a kept statement: lib/db.ts preparedRows), the rows as one JSON parameter (the
 * same statement for 1 or 200: Drizzle's multi-row VALUES cost ~120 µs a row to build, see inbound.ts). Each
 * is inserted already claimed by this instance (CLAIM_MS, as the processor's own claim), so that it goes to
 * the processor from memory: no second statement to claim it and no second read of its body. Answers, per
 * delivery, its row if it was new (the first of equal bodies), or null.
 */
async function storeEvents(db: Db, items: Delivery[]): Promise<(WhatsAppEventoRow | null)[]> {
  const rows = items.map(({ canal, raw }) => ({
    account_id: canal.accountId,
    canal_id: canal.id,
    hash: hashOf(raw),
    corpo: raw.toString('utf8'),
  }));
  const claimedUntil = new Date(Date.now() + CLAIM_MS);
  const inserted = await insertEvents(db, { rows: JSON.stringify(rows), ate: claimedUntil.toISOString() });
  const key = (r: { canal_id: string; hash: string }) => `${r.canal_id}|${r.hash}`;
  const fresh = new Map(inserted.map((r) => [key(r), r]));
  return rows.map((r) => {
    const stored = fresh.get(key(r));
    fresh.delete(key(r));
    if (!stored) return null;
    return {
      id: stored.id,
      accountId: r.account_id,
      canalId: r.canal_id,
      hash: r.hash,
      corpo: r.corpo,
      recebidoEm: new Date(stored.recebido_ms),
      processadoEm: null,
      processandoAte: claimedUntil,
      tentativas: 1,
      erro: null,
    };
  });
}

/** Most deliveries one insert takes. */
const MAX_BATCH = 200;
const writer = perDatabase((db) => new WriteBatcher((items: Delivery[]) => storeEvents(db, items), MAX_BATCH));

/**
 * Stores a delivery durably (once per body: Meta retries), claimed by this instance; answers its row if it
 * was new, for the processor (WhatsAppProcessor.takeStoring takes it while it is stored). Deliveries
 * arriving while the previous insert runs are inserted together (WriteBatcher: no waiting when alone).
 */
export function storeEvent(db: Db, canal: Pick<WhatsAppCanalRow, 'id' | 'accountId'>, raw: Buffer): Promise<WhatsAppEventoRow | null> {
  return writer(db).submit({ canal, raw });
}

/** Meta's verification sends the channel's verify token in the query string: never logged. */
export const WHATSAPP_WEBHOOK_LOG_SECRETS: LogSecrets = { params: ['hub.verify_token'] };

/**
 * The numbers a delivery is for (metadata.phone_number_id), read from the raw text without parsing it: a
 * key can only be matched outside a string (inside one its quotes are escaped), and the body is parsed once,
 * by the processor. Usually one.
 */
function numerosOf(corpo: string): Set<string> {
  return new Set(Array.from(corpo.matchAll(/"phone_number_id"\s*:\s*"([^"\\]*)"/g), (m) => m[1]!));
}

type Params = { token: string };
const unknownCanal = (reply: FastifyReply) => {
  countWebhook('whatsapp', 'desconhecida');
  return reply.code(404).send({ message: 'Canal do WhatsApp não encontrado.', code: 'NOT_FOUND' });
};
/** Validated for the API reference: a channel's webhook is named by its token. */
const BY_TOKEN = { schema: { params: z.object({ token: z.string() }) } };
type VerifyQuery = { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string };

/** Meta's webhook for one channel: /backend/webhooks/whatsapp/{channel token}. */
export const whatsappWebhookRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The raw bytes are what Meta signed: this plugin's JSON is read as a Buffer, parsed only after the check.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', '*'], { parseAs: 'buffer', bodyLimit: 3 * 1024 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.get<{ Params: Params; Querystring: VerifyQuery }>('/webhooks/whatsapp/:token', BY_TOKEN, async (req, reply) => {
    const canal = await findWhatsAppCanalByToken(ctx.db, req.params.token);
    const q = req.query;
    const expected = Buffer.from(canal?.config.verifyToken ?? '');
    const given = Buffer.from(q['hub.verify_token'] ?? '');
    const matches = canal !== null && expected.length === given.length && timingSafeEqual(expected, given);
    if (q['hub.mode'] !== 'subscribe' || !matches || q['hub.challenge'] === undefined)
      return reply.code(403).send({ message: 'Token de verificação inválido.', code: 'FORBIDDEN' });
    return reply.code(200).type('text/plain; charset=utf-8').send(q['hub.challenge']);
  });

  // Channels by the token of their URL, or by their number (byNumero).
  const known = keptCanais(ctx.db, async (key) => {
    const numero = numeroOfKey(key);
    const canal = numero === null ? await findWhatsAppCanalByToken(ctx.db, key) : await findWhatsAppCanalByNumero(ctx.db, numero);
    return canal ? { canal, appSecret: openSecrets(ctx.cipher, canal).appSecret } : undefined;
  });

  const pace = new ChannelPace();
  app.post<{ Params: Params; Body: Buffer }>('/webhooks/whatsapp/:token', BY_TOKEN, async (req, reply) => {
    const chegouEm = Date.now();
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const header = req.headers['x-hub-signature-256'];
    const signed = (k: KeptCanal) => validSignature(raw, Array.isArray(header) ? header[0] : header, k.appSecret);
    const corpo = raw.toString('utf8');
    const atUrl = await known.fetch(req.params.token);
    if (!atUrl) return unknownCanal(reply);
    // Meta sends every number of an app to one URL: a delivery is its number's channel's, if signed with that
    // channel's secret. One for a number no channel has (or for several) stays with the URL's channel, where
    // the processor refuses what is not its number's and tells its admins (never filed elsewhere).
    const numeros = numerosOf(corpo);
    const [numero] = numeros;
    const key =
      numeros.size === 1 && numero !== atUrl.canal.config.phoneNumberId && (await known.fetch(byNumero(numero!)))
        ? byNumero(numero!)
        : req.params.token;
    let k = await known.fetch(key);
    if (k && !signed(k)) k = await readCanalAgain(known, key);
    if (!k) return unknownCanal(reply);
    if (!signed(k)) {
      countWebhook('whatsapp', 'assinatura_invalida');
      return reply.code(401).send({ message: 'Assinatura inválida.', code: 'UNAUTHORIZED' });
    }
    // Stored before the 200: Meta may stop retrying once answered, and a crash after this loses nothing. The
    // processor takes it meanwhile (takeStoring), at the channel's pace; a huge one is stored as several.
    const canal = k.canal;
    const parts = splitDelivery(corpo)?.map((p) => ({ corpo: p, raw: Buffer.from(p) })) ?? [{ corpo, raw }];
    const stored = parts.map((p) => {
      const row = storeEvent(ctx.db, canal, p.raw);
      pace.hand(canal.id, () => whatsappOf(ctx).processor.takeStoring(canal, p.corpo, row, chegouEm));
      return row;
    });
    await Promise.all(stored).catch((err: unknown) => {
      countWebhook('whatsapp', 'falhou');
      throw err;
    });
    countWebhook('whatsapp', 'aceita');
    return reply.code(200).send({ ok: true });
  });
};
