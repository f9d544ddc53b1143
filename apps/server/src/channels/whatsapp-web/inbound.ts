import type { BaileysEventMap, WAMessage } from 'baileys';
import { fileTypeFromBuffer } from 'file-type';
import { ANEXO_MAX_BYTES, type TMidia } from '@balcao/shared/atendimentos';
import type { AppContext } from '../../context';
import type { WapiCanalRow } from '../../db/schema/atendimentos';
import { storeUpload } from '../../lib/uploads';
import type { TIdentidade, TInboundEvent } from '../../modules/atendimentos/ingest/events';
import { type IngestHooks, type IngestSource, ingest } from '../../modules/atendimentos/ingest/ingest';
import type { WapiAuthStore } from './auth-store';
import { loadBaileys } from './baileys';
import { parseReactions, parseUpdates, parseUpsert } from './parse';
import type { WaSocket } from './socket';

/** How long a status may wait for its send to settle (an interrupted send is failed after 2 minutes). */
const KEEP_EARLY_MS = 2 * 60_000;

/**
 * WhatsApp Web events into the inbox: each socket event parsed into InboundEvents (parse.ts), its people
 * completed from the LID map Baileys keeps, then handed to the one way in (modules/atendimentos/ingest).
 * Customers are kept by phone number whenever WhatsApp gives it, so one person is one customer whether
 * WhatsApp addresses them by number or by LID, and the same one as on the Cloud API channel.
 */
export class WapiInbound {
  private readonly source: IngestSource;
  /** Statuses of an id no send has settled with yet (WhatsApp's ack can beat sendMessage's answer), by that id. */
  private readonly early = new Map<string, { at: number; events: TInboundEvent[] }>();
  /** Ids sends settled with lately: a status kept after its settle (the two crossed) applies at once. */
  private readonly settledIds = new Map<string, number>();

  constructor(
    private readonly ctx: AppContext,
    canal: WapiCanalRow,
    private readonly store: WapiAuthStore,
    log?: IngestSource['log'],
  ) {
    this.source = { canal, origem: () => 'whatsapp', departamentoId: canal.config.departamentoPadraoId, log };
  }

  async upsert(arg: BaileysEventMap['messages.upsert'], sock: WaSocket) {
    const chegouEm = Date.now();
    const byId = new Map(arg.messages.flatMap((m) => (m.key?.id ? [[m.key.id, m] as const] : [])));
    await this.ingest(parseUpsert(await loadBaileys(), arg), (r) => this.download(byId.get(r.ref), sock, r), chegouEm);
  }

  async reaction(items: BaileysEventMap['messages.reaction']) {
    await this.ingest(parseReactions(items));
  }

  async update(items: BaileysEventMap['messages.update']) {
    await this.ingest(parseUpdates(items));
  }

  /** `chegouEm`: when the socket event reached us (its messages are timed from it to their broadcast). */
  private async ingest(events: TInboundEvent[], media?: IngestHooks['media'], chegouEm = Date.now()) {
    if (events.length === 0) return;
    for (const e of events) if ('de' in e) e.de = await this.complete(e.de);
    const outcomes = await ingest(
      this.ctx,
      events.map((event) => ({ source: this.source, event, chegouEm })),
      { media },
    );
    // A socket event is not delivered again: a status of a send still in flight waits here for its settle.
    const early = events.filter((e, i) => e.kind === 'status' && outcomes[i] && !outcomes[i].ok && outcomes[i].retry);
    for (const e of early) this.keep(e as Extract<TInboundEvent, { kind: 'status' }>);
  }

  private keep(e: Extract<TInboundEvent, { kind: 'status' }>) {
    const now = this.prune();
    if (this.settledIds.has(e.externalId)) {
      void this.ingest([e]).catch((err: unknown) => this.source.log?.warn({ err }, 'WhatsApp Web: status'));
      return;
    }
    const kept = this.early.get(e.externalId);
    if (kept) kept.events.push(e);
    else this.early.set(e.externalId, { at: now, events: [e] });
  }

  /** Forgets what waited too long (a status of a send that never settles, e.g. one typed on the phone); answers now. */
  private prune() {
    const now = Date.now();
    for (const [id, k] of this.early) if (now - k.at > KEEP_EARLY_MS) this.early.delete(id);
    for (const [id, at] of this.settledIds) if (now - at > KEEP_EARLY_MS) this.settledIds.delete(id);
    return now;
  }

  /** A send settled with this id (the outbox): the statuses WhatsApp told before it apply now, in their order. */
  async settled(externalId: string) {
    this.settledIds.set(externalId, this.prune());
    const kept = this.early.get(externalId);
    if (!kept) return;
    this.early.delete(externalId);
    await this.ingest(kept.events);
  }

  /**
   * The phone number and LID behind a chat: as the event names them, completed from the LID map in the key
   * store (Baileys writes it as it learns pairs; a pair seen in an event is written there too).
   */
  private async complete(de: TIdentidade): Promise<TIdentidade> {
    const { telefone, lid } = de;
    if (telefone && lid) {
      await this.store.keys.set({ 'lid-mapping': { [telefone]: lid, [`${lid}_reverse`]: telefone } });
      return de;
    }
    if (telefone) {
      const known = await this.store.keys.get('lid-mapping', [telefone]);
      return known[telefone] ? { ...de, lid: known[telefone] } : de;
    }
    if (lid) {
      const known = await this.store.keys.get('lid-mapping', [`${lid}_reverse`]);
      return known[`${lid}_reverse`] ? { ...de, telefone: known[`${lid}_reverse`] } : de;
    }
    return de;
  }

  /** The customer's file, through Baileys' download (decrypts WhatsApp's media), stored like other uploads. */
  private async download(
    m: WAMessage | undefined,
    sock: WaSocket,
    media: { mimeType?: string | null; filename?: string | null },
  ): Promise<TMidia> {
    if (!m) throw new Error('WhatsApp Web: mídia fora do evento');
    const buf = await sock.downloadMedia(m);
    if (buf.length > ANEXO_MAX_BYTES) throw new Error('WhatsApp Web: mídia acima do limite');
    const detected = await fileTypeFromBuffer(buf);
    const mimeType = detected?.mime ?? media.mimeType?.split(';')[0]?.trim() ?? 'application/octet-stream';
    const url = await storeUpload(this.ctx.storage, 'anexos', buf, detected?.ext ?? 'bin');
    return { url, mimeType, filename: media.filename ?? null, size: buf.length };
  }
}
