import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { AnyMessageContent, WAMessageKey } from 'baileys';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema/accounts';
import { atendimentos, clientes, mensagens, type MensagemRow } from '../../db/schema/atendimentos';
import { wapiLeituras } from '../../db/schema/wapi';
import { KickLoop } from '../../lib/kick-loop';
import { publicOrigin } from '../../lib/public-origin';
import { readUpload } from '../../lib/uploads';
import { ratingLink } from '../../modules/avaliacao/link';
import { AVALIACAO_CONVITE } from '../../modules/atendimentos/service';
import { announceStatus } from '../whatsapp-common';
import { loadBaileys } from './baileys';
import type { WaSocket } from './socket';

const CLAIM_BATCH = 20;
/** The customer's latest messages a read receipt names. */
const READ_BATCH = 20;
const FALHOU = 'Não foi possível enviar a mensagem pelo WhatsApp Web.';
const ALVO_FORA = 'A mensagem citada não está no WhatsApp do cliente.';

/** A number's queue: one pass at a time (KickLoop) and when it last sent, for the pace. */
type Lane = { canalId: string; loop: KickLoop; lastSend: number };
const bySeq = (a: MensagemRow, b: MensagemRow) => a.seq - b.seq;

/**
 * The customer's chat: their WhatsApp number, or their LID while WhatsApp has not told us the number; a customer
 * met elsewhere (the website, typed in) by the number staff recorded (a scheduled message writes first).
 */
const jidOf = (c: { identificador: string | null; numero: string | null } | null | undefined) => {
  const id = c?.identificador;
  if (id?.startsWith('whatsapp:')) return `${id.slice('whatsapp:'.length)}@s.whatsapp.net`;
  if (id?.startsWith('whatsapp-lid:')) return `${id.slice('whatsapp-lid:'.length)}@lid`;
  const digits = c?.numero?.replace(/\D/g, '');
  return digits ? `${digits}@s.whatsapp.net` : null;
};

/**
 * WhatsApp Web's outbound queue: answers and notices stored 'pending' are sent in order through the socket of
 * the instance that owns the account's session (only open sockets of this process are served: another
 * instance's deliver() is picked up by the owner's periodic scan). Sends are paced, one at a time per number
 * with a gap of at least `gapMs` (plus jitter): WhatsApp bans numbers that burst like bulk senders. Each number
 * has its own lane, so one number's paced queue (or a send that hangs) never holds another number's messages.
 */
export class WapiSender {
  private readonly lanes = new Map<string, Lane>();
  private readonly dispatch = new KickLoop(() => this.wakeLanes());

  constructor(
    private readonly ctx: AppContext,
    private readonly sockets: () => Map<string, WaSocket>,
    private readonly log: { error: (o: object, m?: string) => void },
    private readonly gapMs: number,
  ) {}

  /** Wakes the lanes of the numbers open here that have something to send (one query, whatever their number). */
  kick() {
    this.dispatch.kick();
  }

  private async wakeLanes() {
    const open = this.sockets();
    // Kept past the longest gap (1.5 x gapMs with jitter), so a number that reopens at once cannot burst.
    for (const [canalId, lane] of this.lanes)
      if (!open.has(canalId) && !lane.loop.busy && Date.now() - lane.lastSend > this.gapMs * 1.5) this.lanes.delete(canalId);
    if (open.size === 0) return;
    try {
      for (const canalId of await this.numbersWithWork([...open.keys()])) this.lane(canalId).loop.kick();
    } catch (err) {
      this.log.error({ err }, 'WhatsApp Web: fila de envio');
    }
  }

  /** Which of these numbers have a send, an edit or deletion, or a read receipt waiting (UNION: each once). */
  private async numbersWithWork(canalIds: string[]) {
    const ofMessages = (waiting: SQL | undefined) =>
      this.ctx.db
        .select({ canalId: atendimentos.canalId })
        .from(mensagens)
        .innerJoin(atendimentos, eq(atendimentos.id, mensagens.atendimentoId))
        .where(and(waiting, inArray(atendimentos.canalId, canalIds)));
    const rows = await union(
      ofMessages(and(eq(mensagens.status, 'pending'), isNull(mensagens.enviandoEm))),
      ofMessages(isNotNull(mensagens.alteracao)),
      this.ctx.db.select({ canalId: wapiLeituras.canalId }).from(wapiLeituras).where(inArray(wapiLeituras.canalId, canalIds)),
    );
    return rows.map((r) => r.canalId);
  }

  /** Resolves once no lane runs (tests; shutdown): a lane kicked while others were awaited is awaited too. */
  async idle() {
    for (;;) {
      await this.dispatch.idle();
      const busy = [...this.lanes.values()].filter((l) => l.loop.busy);
      if (busy.length === 0 && !this.dispatch.busy) return;
      await Promise.all(busy.map((l) => l.loop.idle()));
    }
  }

  private lane(canalId: string) {
    const known = this.lanes.get(canalId);
    if (known) return known;
    const lane: Lane = { canalId, lastSend: 0, loop: new KickLoop(() => this.drain(lane)) };
    this.lanes.set(canalId, lane);
    return lane;
  }

  /** One number's queue: its sends in seq order, then its edits and deletions, then its read receipts. */
  private async drain(lane: Lane) {
    const { canalId } = lane;
    try {
      for (;;) {
        const sock = this.sockets().get(canalId);
        if (!sock) return;
        const claimed = await this.claim(canalId);
        // The socket closed meanwhile: what it was not handed waits for the next connection, not failed.
        for (const [i, m] of claimed.entries()) if (!(await this.sendOne(m, sock, lane))) return await this.unclaim(claimed.slice(i));
        const changes = await this.claimChanges(canalId);
        for (const [i, c] of changes.entries())
          if (!(await this.sendChange(c, sock, lane))) return await this.unclaimChanges(changes.slice(i));
        const reads = await this.claimReads(canalId);
        for (const r of reads) await this.sendRead(r.atendimentoId, sock);
        if (claimed.length === 0 && changes.length === 0 && reads.length === 0) return;
      }
    } catch (err) {
      this.log.error({ err, canalId }, 'WhatsApp Web: fila de envio');
    }
  }

  private async claim(canalId: string) {
    const due = this.ctx.db
      .select({ id: mensagens.id })
      .from(mensagens)
      .innerJoin(atendimentos, eq(atendimentos.id, mensagens.atendimentoId))
      .where(and(eq(mensagens.status, 'pending'), isNull(mensagens.enviandoEm), eq(atendimentos.canalId, canalId)))
      .orderBy(asc(mensagens.seq))
      .limit(CLAIM_BATCH)
      .for('update', { of: mensagens, skipLocked: true });
    const rows = await this.ctx.db
      .update(mensagens)
      .set({ enviandoEm: new Date(), tentativas: sql`${mensagens.tentativas} + 1` })
      .where(inArray(mensagens.id, due))
      .returning();
    return rows.sort(bySeq);
  }

  /** Claimed messages never handed to a socket go back to the queue: the try is not counted. */
  private async unclaim(rows: MensagemRow[]) {
    const ids = rows.map((r) => r.id);
    await this.ctx.db
      .update(mensagens)
      .set({ enviandoEm: null, tentativas: sql`${mensagens.tentativas} - 1` })
      .where(and(inArray(mensagens.id, ids), eq(mensagens.status, 'pending')));
  }

  /** Edits and deletions for everyone of messages already sent (mensagens.alteracao), taken once each. */
  private async claimChanges(canalId: string) {
    const due = this.ctx.db
      .select({ id: mensagens.id })
      .from(mensagens)
      .innerJoin(atendimentos, eq(atendimentos.id, mensagens.atendimentoId))
      .where(and(isNotNull(mensagens.alteracao), eq(atendimentos.canalId, canalId)))
      .orderBy(asc(mensagens.seq))
      .limit(CLAIM_BATCH)
      .for('update', { of: mensagens, skipLocked: true });
    const rows = await this.ctx.db.update(mensagens).set({ alteracao: null }).where(inArray(mensagens.id, due)).returning();
    return rows.sort(bySeq);
  }

  /**
   * Edits and deletions claimed but never handed to a socket are marked again for the next connection, from the
   * message's own state (a deletion made meanwhile already marked it, and wins).
   */
  private async unclaimChanges(rows: MensagemRow[]) {
    const ids = rows.map((r) => r.id);
    await this.ctx.db
      .update(mensagens)
      .set({ alteracao: sql`case when ${mensagens.apagada} then 'apagar' else 'editar' end` })
      .where(and(inArray(mensagens.id, ids), isNull(mensagens.alteracao)));
  }

  /** Blue ticks asked on any instance (wapi_leituras), taken once each by the instance running the socket. */
  private claimReads(canalId: string) {
    return this.ctx.db.delete(wapiLeituras).where(eq(wapiLeituras.canalId, canalId)).returning();
  }

  /** The customer's latest messages in that conversation marked read on WhatsApp (not paced: no message leaves). */
  private async sendRead(atendimentoId: string, sock: WaSocket) {
    try {
      const [c] = await this.ctx.db
        .select({ identificador: clientes.identificador, numero: clientes.numero })
        .from(atendimentos)
        .innerJoin(clientes, eq(clientes.id, atendimentos.clienteId))
        .where(eq(atendimentos.id, atendimentoId))
        .limit(1);
      const jid = jidOf(c);
      if (!jid) return;
      const unread = await this.ctx.db
        .select({ externalId: mensagens.externalId })
        .from(mensagens)
        .where(and(eq(mensagens.atendimentoId, atendimentoId), eq(mensagens.autor, 'cliente'), isNotNull(mensagens.externalId)))
        .orderBy(desc(mensagens.seq))
        .limit(READ_BATCH);
      if (unread.length) await sock.readMessages(unread.map((u) => ({ remoteJid: jid, id: u.externalId!, fromMe: false })));
    } catch (err) {
      this.log.error({ err, atendimentoId }, 'WhatsApp Web: confirmação de leitura não enviada');
    }
  }

  /**
   * WhatsApp's edit (the new text under the original key) or delete for everyone (`delete`), paced like sends.
   * False when the socket closed before it was handed over (left to the caller to put back).
   */
  private async sendChange(m: MensagemRow, sock: WaSocket, lane: Lane): Promise<boolean> {
    try {
      const c = await this.customerOf(m);
      const jid = jidOf(c);
      if (!c || !jid || !m.externalId) throw new Error(FALHOU);
      const key = { remoteJid: jid, id: m.externalId, fromMe: true };
      if (!(await this.paced(lane, sock))) return false;
      await sock.sendMessage(jid, (m.apagada ? { delete: key } : { text: m.conteudo, edit: key }) as AnyMessageContent);
    } catch (err) {
      this.log.error({ err, mensagemId: m.id }, 'WhatsApp Web: edição ou exclusão não enviada');
    }
    return true;
  }

  /** Waits the number's gap; answers whether `sock` is still the number's open socket, to hand the message to. */
  private async paced(lane: Lane, sock: WaSocket) {
    const wait = lane.lastSend + this.gapMs * (1 + Math.random() * 0.5) - Date.now();
    if (this.gapMs > 0 && wait > 0) await new Promise((r) => setTimeout(r, wait));
    lane.lastSend = Date.now();
    return this.sockets().get(lane.canalId) === sock;
  }

  private async customerOf(m: MensagemRow) {
    const [c] = await this.ctx.db
      .select({ identificador: clientes.identificador, numero: clientes.numero, databaseName: accounts.databaseName })
      .from(atendimentos)
      .innerJoin(clientes, eq(clientes.id, atendimentos.clienteId))
      .innerJoin(accounts, eq(accounts.id, atendimentos.accountId))
      .where(eq(atendimentos.id, m.atendimentoId))
      .limit(1);
    return c ?? null;
  }

  /** Sent or failed; false when the socket closed before it was handed over (left to the caller to put back). */
  private async sendOne(m: MensagemRow, sock: WaSocket, lane: Lane): Promise<boolean> {
    const c = await this.customerOf(m);
    const jid = jidOf(c);
    try {
      if (!c || !jid) throw new Error(FALHOU);
      const { content, quoted } = await this.content(m, jid, c.databaseName);
      if (!(await this.paced(lane, sock))) return false;
      // WhatsApp echoes our send back as the business's own message: its id is stored first, so the echo is known.
      const messageId = (await loadBaileys()).generateMessageIDV2(sock.user?.id);
      await this.ctx.db.update(mensagens).set({ externalId: messageId }).where(eq(mensagens.id, m.id));
      const sent = await sock.sendMessage(jid, content, { messageId, ...(quoted ? { quoted } : {}) });
      await this.settle(m, { status: 'sent', externalId: sent?.key?.id ?? messageId, enviandoEm: null, erroEnvio: null });
    } catch (err) {
      this.log.error({ err, mensagemId: m.id }, 'WhatsApp Web: envio');
      const erro = err instanceof Error && err.message.startsWith('A ') ? err.message : FALHOU;
      await this.settle(m, { status: 'failed', erroEnvio: erro, enviandoEm: null });
    }
    return true;
  }

  private async target(id: string, jid: string): Promise<{ key: WAMessageKey; conteudo: string }> {
    const [t] = await this.ctx.db
      .select({ externalId: mensagens.externalId, autor: mensagens.autor, conteudo: mensagens.conteudo })
      .from(mensagens)
      .where(eq(mensagens.id, id))
      .limit(1);
    if (!t?.externalId) throw new Error(ALVO_FORA);
    return { key: { remoteJid: jid, id: t.externalId, fromMe: t.autor !== 'cliente' }, conteudo: t.conteudo };
  }

  /** Baileys' content of a stored message: text, media with caption, reaction, or a reply quoting ours or theirs. */
  private async content(m: MensagemRow, jid: string, databaseName: string) {
    if (m.tipo === 'reaction') {
      const key = m.reagindoA ? (await this.target(m.reagindoA, jid)).key : m.alvoExterno ? { remoteJid: jid, id: m.alvoExterno } : null;
      if (!key) throw new Error(ALVO_FORA);
      return { content: { react: { text: m.conteudo, key } } as AnyMessageContent, quoted: null };
    }
    const t = m.respondendoA ? await this.target(m.respondendoA, jid) : null;
    const quoted = t ? { key: t.key, message: { conversation: t.conteudo } } : null;
    if (m.midia && ['image', 'video', 'audio', 'document'].includes(m.tipo)) {
      const data = await this.file(m.midia.url);
      const caption = m.tipo !== 'audio' && m.conteudo.trim() ? { caption: m.conteudo } : {};
      const mimetype = m.midia.mimeType;
      const content =
        m.tipo === 'image'
          ? { image: data, ...caption }
          : m.tipo === 'video'
            ? { video: data, ...caption }
            : m.tipo === 'audio'
              ? { audio: data, mimetype }
              : { document: data, mimetype, fileName: m.midia.filename ?? 'arquivo', ...caption };
      return { content: content as AnyMessageContent, quoted };
    }
    let text = m.conteudo;
    // The rating link carries a token staff never see: it is added here, for the customer alone.
    if (m.autor === 'sistema' && m.conteudo === AVALIACAO_CONVITE)
      text = `Como foi o seu atendimento? Avalie por aqui: ${ratingLink(publicOrigin(this.ctx), this.ctx.tokens, databaseName, m.atendimentoId)}`;
    return { content: { text } as AnyMessageContent, quoted };
  }

  /** An attachment stored by us (uploads) is read from the storage; anything else cannot be sent. */
  private async file(url: string) {
    const bytes = await readUpload(this.ctx.storage, url);
    if (!bytes) throw new Error(FALHOU);
    return bytes;
  }

  private async settle(m: MensagemRow, set: Partial<MensagemRow> & { status: 'sent' | 'failed' }) {
    const [row] = await this.ctx.db
      .update(mensagens)
      .set(set)
      .where(and(eq(mensagens.id, m.id), eq(mensagens.status, 'pending')))
      .returning();
    if (!row) return;
    await announceStatus(this.ctx, row);
  }
}
