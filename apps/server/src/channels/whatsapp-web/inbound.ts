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

/**
 * WhatsApp Web events into the inbox: each socket event parsed into InboundEvents (parse.ts), its people
 * completed from the LID map Baileys keeps, then handed to the one way in (modules/atendimentos/ingest).
 * Customers are kept by phone number whenever WhatsApp gives it, so one person is one customer whether
 * WhatsApp addresses them by number or by LID, and the same one as on the Cloud API channel.
 */
export class WapiInbound {
  private readonly source: IngestSource;

  constructor(
    private readonly ctx: AppContext,
    canal: WapiCanalRow,
    private readonly store: WapiAuthStore,
    log?: IngestSource['log'],
  ) {
    this.source = { canal, origem: () => 'whatsapp', departamentoId: canal.config.departamentoPadraoId, log };
  }

  async upsert(arg: BaileysEventMap['messages.upsert'], sock: WaSocket) {
    const byId = new Map(arg.messages.flatMap((m) => (m.key?.id ? [[m.key.id, m] as const] : [])));
    await this.ingest(parseUpsert(await loadBaileys(), arg), (r) => this.download(byId.get(r.ref), sock, r));
  }

  async reaction(items: BaileysEventMap['messages.reaction']) {
    await this.ingest(parseReactions(items));
  }

  async update(items: BaileysEventMap['messages.update']) {
    await this.ingest(parseUpdates(items));
  }

  private async ingest(events: TInboundEvent[], media?: IngestHooks['media']) {
    if (events.length === 0) return;
    for (const e of events) if ('de' in e) e.de = await this.complete(e.de);
    await ingest(
      this.ctx,
      events.map((event) => ({ source: this.source, event })),
      { media },
    );
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
