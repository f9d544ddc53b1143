import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { ANEXO_MAX_BYTES, type TMidia } from '@balcao/shared/atendimentos';
import type { AppContext } from '../../context';
import { asCanal, canais, type WhatsAppCanalRow } from '../../db/schema/atendimentos';
import { whatsappEventos, type WhatsAppEventoRow } from '../../db/schema/whatsapp';
import { KickLoop } from '../../lib/kick-loop';
import { storeUpload } from '../../lib/uploads';
import { type IngestItem, type IngestOutcome, ingest, recordFailure } from '../../modules/atendimentos/ingest/ingest';
import { type GraphClient, GraphError } from './client';
import { metaErrorPt, parseCloudDelivery } from './parse';
import { openSecrets } from './service';
import { eventsIn, MAX_EVENTOS_POR_LOTE } from './split-delivery';
import { type Delivery, markProcessed } from './deliveries';

const MAX_TENTATIVAS = 5;
/** How long a claim (the processor's, or a webhook's insert: webhook.ts) keeps other instances off a delivery. */
export const CLAIM_MS = 2 * 60_000;
/** How often each instance looks for deliveries whose claim ran out (the instance holding them died). */
const SWEEP_MS = CLAIM_MS / 2;
/** Deliveries claimed at once: plain messages among them are stored together (modules/atendimentos/ingest). */
const CLAIM_BATCH = 200;

/** A delivery already stored (found due by a sweep, or given to `take`), with its channel if at hand. */
const storedDelivery = (e: WhatsAppEventoRow, canal?: WhatsAppCanalRow): Delivery => ({
  canalId: e.canalId,
  corpo: e.corpo,
  canal,
  stored: Promise.resolve(e),
  chegouEm: e.recebidoEm.getTime(),
});

const EXT_BY_MIME: Record<string, string> = { 'audio/ogg': 'ogg', 'text/plain': 'txt', 'text/vcard': 'vcf', 'application/pdf': 'pdf' };

/** Consecutive deliveries grouped so that a group holds at most MAX_EVENTOS_POR_LOTE events (a bigger one alone). */
function runsOf(batch: Delivery[]): Delivery[][] {
  const runs: Delivery[][] = [];
  let run: Delivery[] = [];
  let events = 0;
  for (const d of batch) {
    const n = eventsIn(d.corpo);
    if (run.length && events + n > MAX_EVENTOS_POR_LOTE) {
      runs.push(run);
      [run, events] = [[], 0];
    }
    run.push(d);
    events += n;
  }
  if (run.length) runs.push(run);
  return runs;
}

/**
 * Turns stored webhook deliveries (whatsapp_eventos) into InboundEvents (parse.ts) and hands them to the one
 * way in (modules/atendimentos/ingest). Runs as the webhook stores them, and again at every start for what is
 * left: each step is idempotent (a message once per wamid, a status only forward), so running an event twice
 * changes nothing.
 */
export class WhatsAppProcessor {
  private readonly loop = new KickLoop(() => this.drain());
  /** Deliveries this instance stores and claims (webhook.ts), in arrival order: processed from memory. */
  private handed: Delivery[] = [];
  /** Processed marks being written (markLater). */
  private readonly marking = new Set<Promise<void>>();
  /** Whether to look in the database for deliveries due (a retry, an expired claim, what a stop left). */
  private sweep = false;
  private sweeper: NodeJS.Timeout | null = null;
  /** Claims given before this process existed belong to a process that is gone (see start). */
  private readonly bornAt = Date.now();

  constructor(
    private readonly ctx: AppContext,
    private readonly graph: GraphClient,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>,
  ) {}

  /**
   * Deliveries already stored and claimed by this instance, with their channel if at hand (the tests' way in;
   * the webhook hands its own while it stores them: takeStoring).
   */
  take(rows: WhatsAppEventoRow[], canal?: WhatsAppCanalRow) {
    for (const e of rows) this.handed.push(storedDelivery(e, canal));
    this.loop.kick();
  }

  /**
   * A delivery the webhook is storing (and claims for this instance), taken at once, in arrival order. Its
   * events are stored while it is (process): a customer's text reaches the staff after one wait for the
   * database, not two. Why it is safe: a message is stored once per wamid, so a delivery processed and then
   * not stored (no 200, Meta retries) or stored twice changes nothing; a crash loses nothing (what is not
   * answered is retried, what is stored and not marked is processed again at start). Settling a delivery
   * (failed, retried, marked) waits for its row.
   */
  takeStoring(canal: WhatsAppCanalRow, corpo: string, stored: Promise<WhatsAppEventoRow | null>, chegouEm = Date.now()) {
    this.handed.push({ canalId: canal.id, corpo, canal, stored: stored.catch(() => null), chegouEm });
    this.loop.kick();
  }

  /** Looks in the database for what is due: at start, at a retry's time, every SWEEP_MS. */
  kick() {
    this.sweep = true;
    this.loop.kick();
  }

  /**
   * What was stored but not processed before this process started is taken at once, even under a claim:
   * a claim given before this process existed was most likely given by the one a crash or a restart ended
   * (each step is idempotent, so another live instance processing it too changes nothing). Then a sweep
   * every SWEEP_MS picks up deliveries whose claim ran out.
   */
  async start() {
    await this.ctx.db
      .update(whatsappEventos)
      .set({ processandoAte: null })
      .where(and(isNull(whatsappEventos.processadoEm), lte(whatsappEventos.processandoAte, new Date(this.bornAt + CLAIM_MS))));
    this.kick();
    this.sweeper ??= setInterval(() => this.kick(), SWEEP_MS).unref();
  }

  async stop() {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    await this.idle();
  }

  async idle() {
    await this.loop.idle();
    await Promise.all(this.marking);
  }

  private async next(): Promise<Delivery[]> {
    if (this.handed.length) return this.handed.splice(0, CLAIM_BATCH);
    if (!this.sweep) return [];
    this.sweep = false;
    const claimed = await this.claim();
    if (claimed.length) this.sweep = true;
    return claimed.map((e) => storedDelivery(e));
  }

  private async drain() {
    for (;;) {
      let claimed: Delivery[];
      try {
        claimed = await this.next();
      } catch (err) {
        this.log.error({ err }, 'WhatsApp: entregas pendentes não lidas');
        return;
      }
      if (claimed.length === 0) return;
      // Ingested in runs of at most MAX_EVENTOS_POR_LOTE events: other accounts' queries come in between.
      for (const run of runsOf(claimed))
        try {
          await this.process(run);
        } catch (err) {
          // Left claimed: the sweep takes them again once the claim runs out (their tries are counted then).
          this.log.error({ err }, 'WhatsApp: entregas não processadas');
        }
    }
  }

  /** The channels of deliveries found in the database (the webhook hands its own), in one read. */
  private async channels(batch: Delivery[]) {
    const byId = new Map(batch.flatMap((d) => (d.canal ? [[d.canal.id, d.canal] as const] : [])));
    const missing = [...new Set(batch.map((d) => d.canalId).filter((id) => !byId.has(id)))];
    if (missing.length)
      for (const r of await this.ctx.db.select().from(canais).where(inArray(canais.id, missing)))
        byId.set(r.id, asCanal(r) as WhatsAppCanalRow);
    return byId;
  }

  /**
   * A claimed batch: every delivery parsed into events, all of them ingested together (plain messages of
   * several deliveries are stored in a few statements), then each delivery settled by its own events' outcomes:
   * marked processed, failed with their reasons (never tried again), or tried again later.
   */
  private async process(batch: Delivery[]) {
    const byId = await this.channels(batch);
    const items: IngestItem[] = [];
    const owner: number[] = [];
    const rejected = new Map<number, string>();
    for (const [i, d] of batch.entries()) {
      const canal = byId.get(d.canalId);
      const parsed = parseCloudDelivery(d.corpo, canal?.config.phoneNumberId ?? null);
      if (!parsed.ok) {
        rejected.set(i, parsed.erro);
        continue;
      }
      if (!canal) continue; // a channel removed since: nothing to file its events under
      if (parsed.errosMeta.length) {
        this.log.warn({ canalId: canal.id, errors: parsed.errosMeta }, 'WhatsApp: erro informado pelo Meta no webhook');
        await this.ctx.db
          .update(canais)
          .set({ ultimoErroWebhook: metaErrorPt(parsed.errosMeta[0]) })
          .where(eq(canais.id, canal.id));
      }
      const source = {
        canal,
        origem: () => 'whatsapp' as const,
        departamentoId: canal.config.departamentoPadraoId,
        log: this.log,
      };
      for (const event of parsed.events) {
        items.push({ source, event, chegouEm: d.chegouEm });
        owner.push(i);
      }
    }
    const outcomes = await ingest(this.ctx, items, {
      media: (remota, source) => this.fetchMedia(byId.get(source.canal.id)!, remota),
      retryable: (err) => err instanceof GraphError && err.retryable,
      onFailure: () => undefined, // counted once per delivery below (fail)
    });
    const ofDelivery = batch.map(() => [] as IngestOutcome[]);
    for (const [k, o] of outcomes.entries()) ofDelivery[owner[k]!]!.push(o);
    const done: Delivery[] = [];
    for (const [i, d] of batch.entries()) {
      const erro = rejected.get(i);
      const mine = ofDelivery[i]!;
      const retry = mine.find((o) => !o.ok && o.retry);
      const falhas = mine.flatMap((o) => (!o.ok && !o.retry ? [o.motivo] : []));
      if (erro !== undefined) await this.settle(d, (e) => this.fail(e, erro));
      else if (retry && !retry.ok) await this.settle(d, (e) => this.retryLater(e, retry.error));
      else if (falhas.length) await this.settle(d, (e) => this.fail(e, falhas.join('; ')));
      else done.push(d);
    }
    this.markLater(done);
  }

  /** Once its row is stored; none when the same body was stored before, or storing it failed (no 200). */
  private async settle(d: Delivery, work: (e: WhatsAppEventoRow) => Promise<void>) {
    const e = await d.stored;
    if (e) await work(e);
  }

  /** A delivery that may succeed later (Meta unreachable): tried again whole after a back-off, up to its tries. */
  private async retryLater(e: WhatsAppEventoRow, err: unknown) {
    const last = e.tentativas >= MAX_TENTATIVAS;
    this.log.warn({ err, eventoId: e.id, tentativa: e.tentativas }, 'WhatsApp: evento não processado');
    const wait = Math.min(60_000, 1000 * 2 ** e.tentativas);
    const erro = (err as Error).message;
    await this.ctx.db
      .update(whatsappEventos)
      .set(last ? { processadoEm: sql`now()`, processandoAte: null, erro } : { processandoAte: new Date(Date.now() + wait), erro })
      .where(eq(whatsappEventos.id, e.id));
    if (!last) setTimeout(() => this.kick(), wait).unref();
  }

  /**
   * A delivery (or some of its events) given up on: its reason stored on it, the channel's count of failed
   * deliveries and its latest webhook error for the account's admins, and a log line for the operator.
   */
  private async fail(e: Pick<WhatsAppEventoRow, 'id' | 'canalId'>, erro: string) {
    await this.ctx.db
      .update(whatsappEventos)
      .set({ processadoEm: sql`now()`, processandoAte: null, erro })
      .where(eq(whatsappEventos.id, e.id));
    await recordFailure(this.ctx, e.canalId, erro, this.log);
  }

  private async claim(): Promise<WhatsAppEventoRow[]> {
    const now = new Date();
    const due = this.ctx.db
      .select({ id: whatsappEventos.id })
      .from(whatsappEventos)
      .where(
        and(isNull(whatsappEventos.processadoEm), or(isNull(whatsappEventos.processandoAte), lte(whatsappEventos.processandoAte, now))),
      )
      .orderBy(asc(whatsappEventos.recebidoEm))
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    const rows = await this.ctx.db
      .update(whatsappEventos)
      .set({ processandoAte: new Date(now.getTime() + CLAIM_MS), tentativas: sql`${whatsappEventos.tentativas} + 1` })
      .where(inArray(whatsappEventos.id, due))
      .returning();
    return rows.sort((a, b) => a.recebidoEm.getTime() - b.recebidoEm.getTime());
  }

  /**
   * A batch's processed mark is written while the next deliveries are processed, not before them: it is one
   * statement fewer between a webhook and the attendant's screen. It waits for the deliveries' rows (those
   * the webhook is still storing); one stored before (null) is its first copy's to mark. If it fails, the
   * claim runs out and the deliveries are processed again, which changes nothing (each step is idempotent).
   */
  private markLater(run: Delivery[]) {
    if (run.length === 0) return;
    const mark: Promise<void> = Promise.all(run.map((d) => d.stored))
      .then((rows) => rows.flatMap((e) => (e ? [e.id] : [])))
      .then((ids) => (ids.length ? markProcessed(this.ctx.db, ids) : undefined))
      .catch((err: unknown) => this.log.warn({ err }, 'WhatsApp: entregas processadas não marcadas'))
      .finally(() => this.marking.delete(mark));
    this.marking.add(mark);
  }

  /** The customer's file: GET /{media-id}, then its URL with the bearer token; stored like other uploads. */
  private async fetchMedia(
    canal: WhatsAppCanalRow,
    media: { ref: string; mimeType?: string | null; filename?: string | null },
  ): Promise<TMidia> {
    const { accessToken } = openSecrets(this.ctx.cipher, canal);
    const info = await this.graph.media(media.ref, accessToken);
    if (!info.url) throw new GraphError(502, 131052, 'mídia sem endereço', true);
    const buf = await this.graph.download(info.url, accessToken, ANEXO_MAX_BYTES);
    const detected = await fileTypeFromBuffer(buf);
    const mimeType = detected?.mime ?? info.mime_type ?? media.mimeType ?? 'application/octet-stream';
    const ext = detected?.ext ?? EXT_BY_MIME[mimeType.split(';')[0]!.trim()] ?? 'bin';
    const url = await storeUpload(this.ctx.storage, 'anexos', buf, ext);
    return { url, mimeType, filename: media.filename ?? null, size: buf.length };
  }
}
