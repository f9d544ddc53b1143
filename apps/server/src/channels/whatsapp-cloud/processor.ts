import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { ANEXO_MAX_BYTES, type TMidia, type TTipoMensagem, tipoFromMime } from '@balcao/shared/atendimentos';
import { WHATSAPP_TEXTS } from '@balcao/shared/canais';
import { waIdCanonico } from '@balcao/shared/clientes';
import { atendimentoEvents, type AppContext } from '../../context';
import { asCanal, atendimentos, canais, clientes, mensagens, type WhatsAppCanalRow } from '../../db/schema/atendimentos';
import { whatsappEventos, type WhatsAppEventoRow } from '../../db/schema/whatsapp';
import { KickLoop } from '../../lib/kick-loop';
import { storeUpload } from '../../lib/uploads';
import { receiveFromCliente } from '../../modules/atendimentos/inbound';
import { mergeClientes } from '../../modules/clientes/merge';
import { broadcastNewMessage } from '../../modules/atendimentos/publisher';
import { findOpenAtendimento } from '../../modules/atendimentos/queries';
import { result, type NewMessage } from '../../modules/atendimentos/service';
import { type GraphClient, GraphError, graphErrorPt } from './client';
import {
  contactNames,
  flowAnswer,
  type MetaError,
  type MetaMedia,
  type MetaMessage,
  type MetaStatus,
  type MetaWebhook,
  parseDelivery,
  type ParsedDelivery,
} from './meta';
import { locationMessage, removeCustomerReaction } from '../whatsapp-common';
import { contactsMessage } from './contacts';
import { openSecrets } from './service';
import { eventsIn, MAX_EVENTOS_POR_LOTE } from './split-delivery';
import { type Delivery, markProcessed, onlyPlainMessages, receiveTextBatch } from './text-batch';

const MAX_TENTATIVAS = 5;
/** How long a claim (the processor's, or a webhook's insert: webhook.ts) keeps other instances off a delivery. */
export const CLAIM_MS = 2 * 60_000;
/** How often each instance looks for deliveries whose claim ran out (the instance holding them died). */
const SWEEP_MS = CLAIM_MS / 2;
/** Deliveries claimed at once: plain messages among them are stored together (text-batch.ts). */
const CLAIM_BATCH = 200;

/** A delivery already stored (found due by a sweep, or given to `take`), with its channel if at hand. */
const storedDelivery = (e: WhatsAppEventoRow, canal?: WhatsAppCanalRow): Delivery => ({
  canalId: e.canalId,
  corpo: e.corpo,
  canal,
  stored: Promise.resolve(e),
});

/** Whether a delivery is only for its channel's number (one found in the database is checked in the batch). */
const forItsNumber = (d: Delivery, numeros: Set<string>) => !d.canal || [...numeros].every((n) => n === d.canal!.config.phoneNumberId);

/** Meta's order of a message's life; a status never moves back (read implies delivered, which may be skipped). */
const RANK = { pending: 0, sent: 1, delivered: 2, read: 3 } as const;
const metaErrorPt = (e: MetaError | undefined) => graphErrorPt(e?.code ?? null, e?.error_data?.details ?? e?.title ?? e?.message ?? null);
const EXT_BY_MIME: Record<string, string> = { 'audio/ogg': 'ogg', 'text/plain': 'txt', 'text/vcard': 'vcf', 'application/pdf': 'pdf' };

/**
 * Turns stored webhook deliveries (whatsapp_eventos) into messages, reactions, edits, deletions and statuses.
 * Runs as the webhook stores them (plain messages) or once stored, and again at every start for what is left:
 * each step is idempotent (a message once per wamid, a status only forward), so running an event twice
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
   * A delivery the webhook is storing (and claims for this instance), taken at once, in arrival order. Plain
   * messages are stored while it is (processRun): a customer's text reaches the staff after one wait for the
   * database, not two. Why it is safe: a message is stored once per wamid, so a delivery processed and then
   * not stored (no 200, Meta retries) or stored twice changes nothing; a crash loses nothing (what is not
   * answered is retried, what is stored and not marked is processed again at start). Other deliveries wait
   * for their row (processOne needs its tries), as before.
   */
  takeStoring(canal: WhatsAppCanalRow, corpo: string, stored: Promise<WhatsAppEventoRow | null>) {
    this.handed.push({ canalId: canal.id, corpo, canal, stored: stored.catch(() => null) });
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
      // In order: runs of deliveries holding only plain messages go together, the others one by one. Each
      // delivery in its own guard: one that fails never takes the others of the batch with it.
      let run: (Delivery & { body: MetaWebhook })[] = [];
      let events = 0;
      for (const d of claimed) {
        const parsed = parseDelivery(d.corpo);
        if (parsed.ok && parsed.falhas.length === 0 && forItsNumber(d, parsed.numeros) && onlyPlainMessages(parsed.body)) {
          // A run is one statement: bounded, so that other accounts' queries come in between (split-delivery.ts).
          const n = eventsIn(d.corpo);
          if (events + n > MAX_EVENTOS_POR_LOTE) {
            await this.processRun(run);
            [run, events] = [[], 0];
          }
          run.push({ ...d, body: parsed.body });
          events += n;
          continue;
        }
        await this.processRun(run);
        [run, events] = [[], 0];
        await this.guarded(d, () => (parsed.ok ? this.processStored(d, parsed) : this.reject(d, parsed.erro)));
      }
      await this.processRun(run);
    }
  }

  private async guarded(d: Delivery, work: () => Promise<void>) {
    try {
      await work();
    } catch (err) {
      // Left claimed: the sweep takes it again once the claim runs out (its tries are counted then).
      this.log.error({ err, canalId: d.canalId }, 'WhatsApp: entrega não processada');
    }
  }

  /** A malformed delivery: stored as failed with its reason, never tried again. */
  private async reject(d: Delivery, erro: string) {
    const e = await d.stored;
    if (e) await this.fail(e, erro);
  }

  /**
   * A delivery (or some of its events) given up on: its reason stored on it, the channel's count of failed
   * deliveries and its latest webhook error for the account's admins, and a log line for the operator.
   */
  private async fail(e: Pick<WhatsAppEventoRow, 'id' | 'canalId'>, erro: string) {
    this.log.warn({ eventoId: e.id, canalId: e.canalId, erro }, 'WhatsApp: entrega recusada');
    await this.ctx.db
      .update(whatsappEventos)
      .set({ processadoEm: sql`now()`, processandoAte: null, erro })
      .where(eq(whatsappEventos.id, e.id));
    await this.ctx.db
      .update(canais)
      .set({ ultimoErroWebhook: `${WHATSAPP_TEXTS.entregaRecusada} ${erro}`, entregasComFalha: sql`${canais.entregasComFalha} + 1` })
      .where(eq(canais.id, e.canalId));
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

  /** Plain messages of several deliveries together; if that fails, each delivery on its own (with its retries). */
  private async processRun(run: (Delivery & { body: MetaWebhook })[]) {
    if (run.length === 0) return;
    try {
      await receiveTextBatch(this.ctx, run, (canal, m) => this.build(canal, m));
      this.markLater(run);
    } catch (err) {
      this.log.warn({ err }, 'WhatsApp: lote de mensagens processado uma a uma');
      for (const d of run) await this.processStored(d);
    }
  }

  /**
   * A batch's processed mark is written while the next deliveries are processed, not before them: it is one
   * statement fewer between a webhook and the attendant's screen. It waits for the deliveries' rows (those
   * the webhook is still storing); one stored before (null) is its first copy's to mark. If it fails, the
   * claim runs out and the deliveries are processed again, which changes nothing (each step is idempotent).
   */
  private markLater(run: Delivery[]) {
    const mark: Promise<void> = Promise.all(run.map((d) => d.stored))
      .then((rows) => rows.flatMap((e) => (e ? [e.id] : [])))
      .then((ids) => (ids.length ? markProcessed(this.ctx.db, ids) : undefined))
      .catch((err: unknown) => this.log.warn({ err }, 'WhatsApp: entregas processadas não marcadas'))
      .finally(() => this.marking.delete(mark));
    this.marking.add(mark);
  }

  /** A delivery once its row is stored; none when the same body was stored before, or storing it failed (no 200). */
  private async processStored(d: Delivery, parsed?: ParsedDelivery) {
    const e = await d.stored;
    if (e) await this.processOne(e, d.canal, parsed);
  }

  /** `parsed`: its body as the drain already read it (a sweep's or a retry's row is read here). */
  private async processOne(e: WhatsAppEventoRow, handed?: WhatsAppCanalRow, parsed: ParsedDelivery = parseDelivery(e.corpo)) {
    try {
      if (!parsed.ok) return await this.fail(e, parsed.erro);
      const [row] = handed ? [] : await this.ctx.db.select().from(canais).where(eq(canais.id, e.canalId)).limit(1);
      const canal = handed ?? (row ? (asCanal(row) as WhatsAppCanalRow) : null);
      const falhas = [...parsed.falhas, ...(canal ? await this.apply(canal, parsed.body) : [])];
      if (falhas.length) await this.fail(e, falhas.join('; '));
      else await markProcessed(this.ctx.db, [e.id]);
    } catch (err) {
      const last = e.tentativas >= MAX_TENTATIVAS || !(err instanceof GraphError && err.retryable);
      this.log.warn({ err, eventoId: e.id, tentativa: e.tentativas }, 'WhatsApp: evento não processado');
      const wait = Math.min(60_000, 1000 * 2 ** e.tentativas);
      await this.ctx.db
        .update(whatsappEventos)
        .set(
          last
            ? { processadoEm: sql`now()`, processandoAte: null, erro: (err as Error).message }
            : { processandoAte: new Date(Date.now() + wait), erro: (err as Error).message },
        )
        .where(eq(whatsappEventos.id, e.id));
      if (!last) setTimeout(() => this.kick(), wait).unref();
    }
  }

  /**
   * Each event in its own guard: one that fails for good is left out with its reason (answered), the others
   * go on; one that may succeed later (Meta unreachable) fails the delivery, which is tried again whole
   * (every step is idempotent).
   */
  private async apply(canal: WhatsAppCanalRow, body: MetaWebhook): Promise<string[]> {
    const falhas: string[] = [];
    const guard = async (id: string | undefined, work: () => Promise<void>) => {
      try {
        await work();
      } catch (err) {
        if (err instanceof GraphError && err.retryable) throw err;
        this.log.warn({ err, canalId: canal.id, id }, 'WhatsApp: evento não processado');
        falhas.push(`${id ?? 'evento'}: ${(err as Error).message}`);
      }
    };
    for (const entry of body.entry ?? [])
      for (const change of entry.changes ?? []) {
        if (change.field !== 'messages' || !change.value) continue;
        const v = change.value;
        const numero = v.metadata?.phone_number_id;
        if (numero && numero !== canal.config.phoneNumberId) {
          falhas.push(WHATSAPP_TEXTS.numeroDeOutroCanal(numero));
          continue;
        }
        if (v.errors?.length) {
          const erro = metaErrorPt(v.errors[0]);
          this.log.warn({ canalId: canal.id, errors: v.errors }, 'WhatsApp: erro informado pelo Meta no webhook');
          await this.ctx.db.update(canais).set({ ultimoErroWebhook: erro }).where(eq(canais.id, canal.id));
        }
        const nameOf = contactNames(v.contacts);
        for (const m of v.messages ?? []) await guard(m.id, () => this.message(canal, m, nameOf(m)));
        for (const s of v.statuses ?? []) await guard(s.id, () => this.status(canal, s));
      }
    return falhas;
  }

  /**
   * The customer of a message, by phone number (canonical form) and/or BSUID: one known only by its BSUID is
   * found or created by it; when a message carries both, a BSUID-only customer becomes the phone's one.
   */
  private async cliente(canal: WhatsAppCanalRow, m: MetaMessage, nome: string | null): Promise<string> {
    const { accountId } = canal;
    const bsuid = m.from_user_id ?? null;
    const [byBsuid] = bsuid
      ? await this.ctx.db
          .select({ id: clientes.id, nome: clientes.nome })
          .from(clientes)
          .where(and(eq(clientes.accountId, accountId), eq(clientes.bsuid, bsuid)))
          .limit(1)
      : [];
    if (!m.from) {
      if (byBsuid) {
        if (nome && nome !== byBsuid.nome) await this.ctx.db.update(clientes).set({ nome }).where(eq(clientes.id, byBsuid.id));
        return byBsuid.id;
      }
      const [row] = await this.ctx.db
        .insert(clientes)
        .values({ accountId, nome: nome || bsuid!, numero: null, identificador: `whatsapp-bsuid:${bsuid}`, bsuid })
        .onConflictDoUpdate({ target: [clientes.accountId, clientes.identificador], set: nome ? { nome } : { bsuid } })
        .returning({ id: clientes.id });
      return row!.id;
    }
    const waId = waIdCanonico(m.from);
    const [row] = await this.ctx.db
      .insert(clientes)
      .values({ accountId, nome: nome || `+${waId}`, numero: `+${waId}`, identificador: `whatsapp:${waId}` })
      .onConflictDoUpdate({
        target: [clientes.accountId, clientes.identificador],
        set: nome ? { nome, numero: `+${waId}` } : { numero: `+${waId}` },
      })
      .returning({ id: clientes.id, bsuid: clientes.bsuid });
    const id = row!.id;
    if (bsuid && row!.bsuid !== bsuid) {
      if (byBsuid && byBsuid.id !== id) await mergeClientes(this.ctx.db, accountId, byBsuid.id, id);
      await this.ctx.db.update(clientes).set({ bsuid }).where(eq(clientes.id, id));
    }
    return id;
  }

  /**
   * The customer changed numbers: the customer of the old one moves to the new one (joined with a customer the
   * new one already had); the message then adds a system line to their conversation (build).
   */
  private async changeNumber(canal: WhatsAppCanalRow, de: string, para: string) {
    const [velho, novo] = [waIdCanonico(de), waIdCanonico(para)];
    const find = async (waId: string) =>
      (
        await this.ctx.db
          .select({ id: clientes.id })
          .from(clientes)
          .where(and(eq(clientes.accountId, canal.accountId), eq(clientes.identificador, `whatsapp:${waId}`)))
          .limit(1)
      )[0];
    const antes = await find(velho);
    if (!antes) return;
    const depois = await find(novo);
    if (depois) await mergeClientes(this.ctx.db, canal.accountId, depois.id, antes.id);
    await this.ctx.db
      .update(clientes)
      .set({ identificador: `whatsapp:${novo}`, numero: `+${novo}` })
      .where(eq(clientes.id, antes.id));
  }

  private async byExternal(accountId: string, externalId: string | undefined) {
    if (!externalId) return null;
    const [row] = await this.ctx.db
      .select()
      .from(mensagens)
      .where(and(eq(mensagens.accountId, accountId), eq(mensagens.externalId, externalId)))
      .limit(1);
    return row ?? null;
  }

  /** Shows a changed message (edited, deleted, a reaction removed) to the staff who see its conversation. */
  private async publishChanged(accountId: string, atendimentoId: string, ids: string[]) {
    if (!ids.length) return;
    const r = await result(this.ctx.db, accountId, atendimentoId, ids);
    atendimentoEvents(this.ctx).messages(accountId, r.row, r.mensagens, r.masterId, { toVisitor: false });
  }

  private async message(canal: WhatsAppCanalRow, m: MetaMessage, nome: string | null) {
    if (!m.id) return;
    if (m.type === 'edit') return this.edit(canal, m);
    if (m.type === 'revoke') return this.revoke(canal, m);
    if (!m.from && !m.from_user_id) throw new Error('mensagem sem remetente (from ou from_user_id)');
    if (m.group_id) return this.log.info({ canalId: canal.id, wamid: m.id }, 'WhatsApp: mensagem de grupo ignorada');
    // The user opened the chat for the first time and wrote nothing: not a message, no conversation queued.
    if (m.type === 'request_welcome') return this.log.info({ canalId: canal.id, wamid: m.id }, 'WhatsApp: conversa aberta sem mensagem');
    if (m.type === 'system' && m.system?.type === 'user_changed_number' && m.from && m.system.wa_id) {
      await this.changeNumber(canal, m.from, m.system.wa_id);
      m = { ...m, from: m.system.wa_id };
    }
    // A removal is idempotent and stores nothing; samples reuse the reaction's own wamid for it.
    if (m.type === 'reaction' && !m.reaction?.emoji) return this.unreact(canal, await this.cliente(canal, m, nome), m);
    if (await this.byExternal(canal.accountId, m.id)) return; // Meta's redelivery of a stored message
    const clienteId = await this.cliente(canal, m, nome);
    const open = await findOpenAtendimento(this.ctx.db, clienteId, canal.id);
    /** A quoted or reacted message counts only inside the open conversation. */
    const inOpen = async (wamid: string | undefined) => {
      const t = await this.byExternal(canal.accountId, wamid);
      return t && open && t.atendimentoId === open.id ? t.id : null;
    };
    const built = await this.build(canal, m);
    const mensagem: NewMessage = { ...built.mensagem, externalId: m.id, respondendoA: await inOpen(m.context?.id) };
    if (m.type === 'reaction') {
      mensagem.reagindoA = await inOpen(m.reaction?.message_id);
      mensagem.alvoExterno = m.reaction?.message_id ?? null;
      mensagem.respondendoA = null;
      // One reaction per customer and message: a new emoji replaces the previous one.
      await this.unreact(canal, clienteId, m);
    }
    let r = await receiveFromCliente(this.ctx.db, {
      canal,
      clienteId,
      origem: () => 'whatsapp',
      departamentoId: canal.config.departamentoPadraoId,
      mensagem,
      autor: built.autor,
      escreveuEm: m.timestamp ? new Date(Number(m.timestamp) * 1000) : new Date(),
    });
    if (m.referral) {
      const anuncio = { titulo: m.referral.headline ?? null, url: m.referral.source_url ?? null };
      await this.ctx.db.update(atendimentos).set({ anuncio }).where(eq(atendimentos.id, r.atendimentoId));
      // The screens learn of a new conversation from this row: it names the ad as a later read would.
      r = { ...r, row: { ...r.row, anuncio } };
    }
    broadcastNewMessage(atendimentoEvents(this.ctx), canal.accountId, r, { toVisitor: false });
  }

  /** What a message of each kind becomes in the conversation. */
  private async build(canal: WhatsAppCanalRow, m: MetaMessage): Promise<{ mensagem: NewMessage; autor?: 'sistema' }> {
    const text = (conteudo: string): { mensagem: NewMessage } => ({ mensagem: { tipo: 'text', conteudo } });
    switch (m.type) {
      case 'text':
        return text(m.text?.body ?? '');
      case 'image':
      case 'video':
      case 'audio':
      case 'document':
      case 'sticker': {
        const media = m[m.type] ?? {};
        const midia = await this.fetchMedia(canal, media);
        const tipo: TTipoMensagem =
          m.type === 'sticker' ? 'image' : tipoFromMime(midia.mimeType) === 'document' ? 'document' : tipoFromMime(midia.mimeType);
        return { mensagem: { tipo: m.type === 'document' ? 'document' : tipo, conteudo: media.caption ?? '', midia } };
      }
      case 'location': {
        const l = m.location ?? {};
        return { mensagem: locationMessage(l.latitude, l.longitude, l.name, l.address) };
      }
      case 'contacts':
        return { mensagem: contactsMessage(m.contacts ?? []) };
      case 'interactive': {
        const i = m.interactive ?? {};
        if (i.type === 'list_reply') return text([i.list_reply?.title, i.list_reply?.description].filter(Boolean).join('\n'));
        if (i.type === 'nfm_reply') return text(flowAnswer(i.nfm_reply));
        return text(i.button_reply?.title ?? '');
      }
      case 'button':
        return text(m.button?.text ?? m.button?.payload ?? '');
      case 'system':
        if (m.system?.type === 'user_changed_number' && m.system.wa_id)
          return {
            mensagem: { tipo: 'text', conteudo: WHATSAPP_TEXTS.trocouDeNumero(`+${waIdCanonico(m.system.wa_id)}`) },
            autor: 'sistema',
          };
        return { mensagem: { tipo: 'text', conteudo: m.system?.body ?? WHATSAPP_TEXTS.naoSuportada }, autor: 'sistema' };
      case 'reaction':
        return { mensagem: { tipo: 'reaction', conteudo: m.reaction?.emoji ?? '' } };
      default:
        // Meta's errors[].error_data.details is English for developers: the attendant reads the notice only.
        return { mensagem: { tipo: 'text', conteudo: WHATSAPP_TEXTS.naoSuportada }, autor: 'sistema' };
    }
  }

  /** The customer's file: GET /{media-id}, then its URL with the bearer token; stored like other uploads. */
  private async fetchMedia(canal: WhatsAppCanalRow, media: MetaMedia): Promise<TMidia> {
    if (!media.id) throw new GraphError(400, 131052, 'mídia sem id', false);
    const { accessToken } = openSecrets(this.ctx.cipher, canal);
    const info = await this.graph.media(media.id, accessToken);
    if (!info.url) throw new GraphError(502, 131052, 'mídia sem endereço', true);
    const buf = await this.graph.download(info.url, accessToken, ANEXO_MAX_BYTES);
    const detected = await fileTypeFromBuffer(buf);
    const mimeType = detected?.mime ?? info.mime_type ?? media.mime_type ?? 'application/octet-stream';
    const ext = detected?.ext ?? EXT_BY_MIME[mimeType.split(';')[0]!.trim()] ?? 'bin';
    const url = await storeUpload(this.ctx.storage, 'anexos', buf, ext);
    return { url, mimeType, filename: media.filename ?? null, size: buf.length };
  }

  /** A reaction removed (emoji omitted or empty): the customer's reaction to that message is deleted. */
  private async unreact(canal: WhatsAppCanalRow, clienteId: string, m: MetaMessage) {
    const alvo = m.reaction?.message_id;
    if (!alvo) return;
    const target = await this.byExternal(canal.accountId, alvo);
    const gone = await removeCustomerReaction(this.ctx.db, {
      accountId: canal.accountId,
      canalId: canal.id,
      clienteId,
      alvo,
      targetId: target?.id ?? null,
    });
    for (const g of gone) await this.publishChanged(canal.accountId, g.atendimentoId, [g.id]);
  }

  /** The customer edited a message (Coexistence numbers, within 15 minutes): its text or caption changes. */
  private async edit(canal: WhatsAppCanalRow, m: MetaMessage) {
    const orig = await this.byExternal(canal.accountId, m.edit?.original_message_id);
    const inner = m.edit?.message;
    if (!orig || !inner) {
      this.log.info({ wamid: m.edit?.original_message_id }, 'WhatsApp: edição de uma mensagem que não está aqui');
      return;
    }
    const kind = inner.type as keyof MetaMessage | undefined;
    const part = kind ? (inner[kind] as { body?: string; caption?: string } | undefined) : undefined;
    const conteudo = part?.body ?? part?.caption ?? orig.conteudo;
    if (orig.editada && orig.conteudo === conteudo) return;
    await this.ctx.db.update(mensagens).set({ conteudo, editada: true }).where(eq(mensagens.id, orig.id));
    await this.publishChanged(canal.accountId, orig.atendimentoId, [orig.id]);
  }

  /** The customer deleted a message for everyone (Coexistence numbers, within two days). */
  private async revoke(canal: WhatsAppCanalRow, m: MetaMessage) {
    const orig = await this.byExternal(canal.accountId, m.revoke?.original_message_id);
    if (!orig || orig.apagada) return;
    await this.ctx.db.update(mensagens).set({ apagada: true }).where(eq(mensagens.id, orig.id));
    await this.publishChanged(canal.accountId, orig.atendimentoId, [orig.id]);
  }

  private async sendInFlight(canal: WhatsAppCanalRow) {
    const [row] = await this.ctx.db
      .select({ id: mensagens.id })
      .from(mensagens)
      .innerJoin(atendimentos, eq(atendimentos.id, mensagens.atendimentoId))
      .where(and(eq(atendimentos.canalId, canal.id), eq(mensagens.status, 'pending'), isNotNull(mensagens.enviandoEm)))
      .limit(1);
    return Boolean(row);
  }

  /** sent, delivered, read: only forward; failed: with Meta's reason in Portuguese, only before delivery. */
  private async status(canal: WhatsAppCanalRow, s: MetaStatus) {
    if (!s.id || !s.status) return;
    let set: { status: 'sent' | 'delivered' | 'read' | 'failed'; erroEnvio?: string };
    let from: ('pending' | 'sent' | 'delivered')[];
    if (s.status === 'failed') {
      set = { status: 'failed', erroEnvio: metaErrorPt(s.errors?.[0]) };
      from = ['pending', 'sent'];
    } else if (s.status === 'sent' || s.status === 'delivered' || s.status === 'read') {
      const rank = RANK[s.status];
      set = { status: s.status };
      from = (['pending', 'sent', 'delivered'] as const).filter((st) => RANK[st] < rank);
    } else return; // 'played' and future kinds
    const changed = await this.ctx.db
      .update(mensagens)
      .set({ ...set, enviandoEm: null })
      .where(and(eq(mensagens.accountId, canal.accountId), eq(mensagens.externalId, s.id), inArray(mensagens.status, from)))
      .returning();
    // A status can outrun the send that learns its wamid: while a send of this channel is in flight, try the event again later.
    if (changed.length === 0 && !(await this.byExternal(canal.accountId, s.id)) && (await this.sendInFlight(canal)))
      throw new GraphError(0, null, 'status de um envio ainda sem resposta do Meta', true);
    for (const msg of changed) {
      const r = await result(this.ctx.db, canal.accountId, msg.atendimentoId, []);
      atendimentoEvents(this.ctx).status(canal.accountId, r.row, {
        atendimentoId: msg.atendimentoId,
        messageId: msg.id,
        clientId: msg.clientId,
        status: msg.status,
      });
    }
  }
}
