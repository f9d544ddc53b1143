import { and, eq, inArray, ne } from 'drizzle-orm';
import type { BaileysEventMap, proto, WAMessage, WAMessageKey } from 'baileys';
import { fileTypeFromBuffer } from 'file-type';
import { ANEXO_MAX_BYTES, type TMidia, type TTipoMensagem, tipoFromMime } from '@balcao/shared/atendimentos';
import { WHATSAPP_TEXTS } from '@balcao/shared/canais';
import { atendimentoEvents, type AppContext } from '../../context';
import { atendimentos, clientes, mensagens, type MensagemRow, type WapiCanalRow } from '../../db/schema/atendimentos';
import { storeUpload } from '../../lib/uploads';
import { receiveFromCliente } from '../../modules/atendimentos/inbound';
import { broadcastNewMessage } from '../../modules/atendimentos/publisher';
import { mergeClientes } from '../../modules/clientes/merge';
import { findOpenAtendimento } from '../../modules/atendimentos/queries';
import { result, storeOutbound, type NewMessage } from '../../modules/atendimentos/service';
import { withTransaction } from '../../lib/db';
import { announceStatus, contatosMessage, locationMessage, removeCustomerReaction } from '../whatsapp-common';
import { parseVCard } from './vcard';
import type { WapiAuthStore } from './auth-store';
import { loadBaileys } from './baileys';
import type { WaSocket } from './socket';

/** Receipts only move forward (proto.WebMessageInfo.Status: 3 delivered, 4 read, 5 played = read). */
const RECEIPT: Record<number, 'delivered' | 'read'> = { 3: 'delivered', 4: 'read', 5: 'read' };
const RANK = { pending: 0, sent: 1, delivered: 2, read: 3 } as const;
/** proto.WebMessageInfo.StubType.REVOKE */
const STUB_REVOKE = 1;
const MIDIA = ['imageMessage', 'videoMessage', 'audioMessage', 'documentMessage', 'stickerMessage'] as const;
type MidiaKey = (typeof MIDIA)[number];

const userOf = (jid: string | null | undefined) => (jid ? (jid.split('@')[0] ?? '').split(':')[0]! : '');
const isPn = (jid: string | null | undefined) => Boolean(jid?.endsWith('@s.whatsapp.net'));
const isLid = (jid: string | null | undefined) => Boolean(jid?.endsWith('@lid'));
/** Only one-to-one chats: groups, status broadcasts and newsletters are not customers. */
const isPerson = (jid: string | null | undefined) => isPn(jid) || isLid(jid);

/** The text of a message (or of an edit's new content): conversation, extended text, or a media caption. */
function textOf(m: proto.IMessage | null | undefined): string {
  if (!m) return '';
  return (
    m.conversation ?? m.extendedTextMessage?.text ?? m.imageMessage?.caption ?? m.videoMessage?.caption ?? m.documentMessage?.caption ?? ''
  );
}

/**
 * WhatsApp Web events into the inbox: new messages (messages.upsert 'notify'), reactions, edits, deletions
 * and receipts (messages.update). Customers are kept by phone number whenever WhatsApp gives it (LID-addressed
 * chats carry it in remoteJidAlt, or the LID map Baileys stores), so one person is one customer whether
 * WhatsApp addresses them by number or by LID, and the same one as on the Cloud API channel.
 */
export class WapiInbound {
  constructor(
    private readonly ctx: AppContext,
    private readonly canal: WapiCanalRow,
    private readonly store: WapiAuthStore,
  ) {}

  async upsert({ messages, type }: BaileysEventMap['messages.upsert'], sock: WaSocket) {
    for (const m of messages) {
      // The business's own messages come as 'notify' (typed on the phone while we were online) or 'append'
      // (while offline, and our own sends echoed back: those are known by their id and skipped).
      if (m.key?.fromMe) await this.fromPhone(m, sock);
      else if (type === 'notify') await this.message(m, sock); // a customer's 'append' is history
    }
  }

  /**
   * The phone number and LID behind a chat: the jid itself, its alternate (remoteJidAlt), or the LID map in the
   * key store (Baileys writes it as it learns pairs; a pair seen in remoteJidAlt is written here too).
   */
  private async identity(key: WAMessageKey) {
    const jid = key.remoteJid ?? '';
    const alt = key.remoteJidAlt;
    if (isPn(jid)) {
      const pn = userOf(jid);
      if (isLid(alt)) return { pn, lid: userOf(alt), learnt: true };
      const known = await this.store.keys.get('lid-mapping', [pn]);
      return { pn, lid: known[pn] ?? null, learnt: false };
    }
    const lid = userOf(jid);
    if (isPn(alt)) return { pn: userOf(alt), lid, learnt: true };
    const known = await this.store.keys.get('lid-mapping', [`${lid}_reverse`]);
    return { pn: known[`${lid}_reverse`] ?? null, lid, learnt: false };
  }

  /**
   * One customer per person: by number (`whatsapp:<digits>`, the Cloud API's key too); a LID-only chat is
   * `whatsapp-lid:<lid>` until its number is learnt, and that customer then takes the number (unless the number
   * already has its customer, into whom the LID one is then merged: never a second one for the same person).
   */
  private async cliente(key: WAMessageKey, nome: string | null) {
    const { pn, lid, learnt } = await this.identity(key);
    const accountId = this.canal.accountId;
    if (pn) {
      if (lid) {
        if (learnt) await this.store.keys.set({ 'lid-mapping': { [pn]: lid, [`${lid}_reverse`]: pn } });
        const [byNumber] = await this.ctx.db
          .select({ id: clientes.id })
          .from(clientes)
          .where(and(eq(clientes.accountId, accountId), eq(clientes.identificador, `whatsapp:${pn}`)))
          .limit(1);
        if (!byNumber)
          await this.ctx.db
            .update(clientes)
            .set({ identificador: `whatsapp:${pn}`, numero: `+${pn}` })
            .where(and(eq(clientes.accountId, accountId), eq(clientes.identificador, `whatsapp-lid:${lid}`)));
        else await this.mergeLid(lid, byNumber.id);
      }
      return this.upsertCliente(`whatsapp:${pn}`, nome, `+${pn}`);
    }
    return this.upsertCliente(`whatsapp-lid:${lid}`, nome, null);
  }

  /**
   * The number has its customer and the LID had one of its own (written to before the pair was known): the
   * LID customer is merged into the number's (atendimentos, messages and the rest move; the LID map stays), and
   * the screens are told of every conversation that changed customer.
   */
  private async mergeLid(lid: string, intoId: string) {
    const accountId = this.canal.accountId;
    const [lidOnly] = await this.ctx.db
      .select({ id: clientes.id })
      .from(clientes)
      .where(and(eq(clientes.accountId, accountId), eq(clientes.identificador, `whatsapp-lid:${lid}`)))
      .limit(1);
    if (!lidOnly) return;
    const merged = await mergeClientes(this.ctx.db, accountId, lidOnly.id, intoId);
    const events = atendimentoEvents(this.ctx);
    for (const id of [...(merged?.abertos ?? []), ...(merged?.finalizados ?? [])])
      events.row(accountId, (await result(this.ctx.db, accountId, id, [])).row);
  }

  private async upsertCliente(identificador: string, nome: string | null, numero: string | null) {
    const [row] = await this.ctx.db
      .insert(clientes)
      .values({ accountId: this.canal.accountId, nome: nome || numero || 'WhatsApp', numero, identificador })
      .onConflictDoUpdate({
        target: [clientes.accountId, clientes.identificador],
        set: { ...(nome ? { nome } : {}), ...(numero ? { numero } : {}) },
      })
      .returning({ id: clientes.id });
    return row!.id;
  }

  private async byExternal(externalId: string | null | undefined): Promise<MensagemRow | null> {
    if (!externalId) return null;
    const [row] = await this.ctx.db
      .select()
      .from(mensagens)
      .where(and(eq(mensagens.accountId, this.canal.accountId), eq(mensagens.externalId, externalId)))
      .limit(1);
    return row ?? null;
  }

  private async message(m: WAMessage, sock: WaSocket) {
    const key = m.key;
    if (!key?.id || !isPerson(key.remoteJid)) return;
    const c = await this.contentOf(m);
    if (!c || (await this.byExternal(key.id))) return; // a redelivery
    const { content, kind } = c;
    const clienteId = await this.cliente(key, m.pushName ?? null);
    const open = await findOpenAtendimento(this.ctx.db, clienteId, this.canal.id);
    const quotedId = (content[kind] as { contextInfo?: proto.IContextInfo } | null | undefined)?.contextInfo?.stanzaId;
    const quoted = await this.byExternal(quotedId);
    const built = await this.build(m, content, kind, sock);
    const mensagem: NewMessage = {
      ...built.mensagem,
      externalId: key.id,
      respondendoA: quoted && open && quoted.atendimentoId === open.id ? quoted.id : null,
    };
    await this.receive(clienteId, mensagem, built.autor, m.messageTimestamp);
  }

  /** A message's content that the inbox can show, or null for what has its own event or is not a message. */
  private async contentOf(m: WAMessage) {
    const b = await loadBaileys();
    const content = b.normalizeMessageContent(m.message);
    if (!content || content.protocolMessage || content.reactionMessage) return null; // edits, revokes, reactions: their own events
    const kind = b.getContentType(content);
    if (!kind || kind === 'senderKeyDistributionMessage' || kind === 'messageContextInfo') return null;
    return { content, kind };
  }

  /**
   * A message the business typed on the paired phone (or WhatsApp Web elsewhere): it joins the customer's
   * conversation as the attendants' side, already sent. Balcão's own sends carry the id stored before sending,
   * so their echo is never a second copy.
   */
  private async fromPhone(m: WAMessage, sock: WaSocket) {
    const key = m.key;
    if (!key?.id || !isPerson(key.remoteJid)) return;
    const c = await this.contentOf(m);
    if (!c || (await this.byExternal(key.id))) return;
    const built = await this.build(m, c.content, c.kind, sock);
    if (built.autor === 'sistema') return; // a kind we cannot show: no notice for the business's own message
    // pushName on our own message is the business's name, never the customer's.
    const clienteId = await this.cliente(key, null);
    const accountId = this.canal.accountId;
    const stored = await withTransaction(this.ctx.db, (tx) =>
      storeOutbound(tx, {
        accountId,
        clienteId,
        canalId: this.canal.id,
        atendenteId: null,
        clienteEscreveuEm: null,
        mensagem: { ...built.mensagem, externalId: key.id, status: 'sent' },
      }),
    );
    const r = await result(this.ctx.db, accountId, stored.atendimentoId, [stored.mensagemId]);
    const events = atendimentoEvents(this.ctx);
    events.messages(accountId, r.row, r.mensagens, r.masterId, { toVisitor: false });
    events.row(accountId, r.row);
  }

  private async receive(clienteId: string, mensagem: NewMessage, autor: 'sistema' | undefined, ts: WAMessage['messageTimestamp']) {
    const r = await receiveFromCliente(this.ctx.db, {
      canal: this.canal,
      clienteId,
      origem: () => 'whatsapp',
      departamentoId: this.canal.config.departamentoPadraoId,
      mensagem,
      autor,
    });
    const escreveu = ts ? new Date(Number(ts) * 1000) : new Date();
    await this.ctx.db.update(atendimentos).set({ clienteEscreveuEm: escreveu }).where(eq(atendimentos.id, r.atendimentoId));
    broadcastNewMessage(atendimentoEvents(this.ctx), this.canal.accountId, r, { toVisitor: false });
  }

  private async build(
    m: WAMessage,
    content: proto.IMessage,
    kind: keyof proto.IMessage,
    sock: WaSocket,
  ): Promise<{ mensagem: NewMessage; autor?: 'sistema' }> {
    if (kind === 'conversation' || kind === 'extendedTextMessage') return { mensagem: { tipo: 'text', conteudo: textOf(content) } };
    if ((MIDIA as readonly string[]).includes(kind)) {
      const media = content[kind as MidiaKey] as { caption?: string | null; fileName?: string | null; mimetype?: string | null };
      const midia = await this.download(m, sock, media);
      const tipo: TTipoMensagem =
        kind === 'stickerMessage' ? 'image' : kind === 'documentMessage' ? 'document' : tipoFromMime(midia.mimeType);
      return { mensagem: { tipo, conteudo: media.caption ?? '', midia } };
    }
    if (kind === 'locationMessage') {
      const l = content.locationMessage!;
      return { mensagem: locationMessage(l.degreesLatitude, l.degreesLongitude, l.name, l.address) };
    }
    if (kind === 'contactMessage' || kind === 'contactsArrayMessage') {
      const cards = kind === 'contactMessage' ? [content.contactMessage!] : (content.contactsArrayMessage!.contacts ?? []);
      return { mensagem: contatosMessage(cards.map((c) => parseVCard(c.vcard ?? '', c.displayName))) };
    }
    return { mensagem: { tipo: 'text', conteudo: WHATSAPP_TEXTS.naoSuportada }, autor: 'sistema' };
  }

  /** The customer's file, through Baileys' download (decrypts WhatsApp's media), stored like other uploads. */
  private async download(m: WAMessage, sock: WaSocket, media: { fileName?: string | null; mimetype?: string | null }): Promise<TMidia> {
    const buf = await sock.downloadMedia(m);
    if (buf.length > ANEXO_MAX_BYTES) throw new Error('WhatsApp Web: mídia acima do limite');
    const detected = await fileTypeFromBuffer(buf);
    const mimeType = detected?.mime ?? media.mimetype?.split(';')[0]?.trim() ?? 'application/octet-stream';
    const url = await storeUpload(this.ctx.storage, 'anexos', buf, detected?.ext ?? 'bin');
    return { url, mimeType, filename: media.fileName ?? null, size: buf.length };
  }

  /** Reactions: a new emoji replaces the customer's previous one on that message; an empty one removes it. */
  async reaction(items: BaileysEventMap['messages.reaction']) {
    for (const { key: target, reaction } of items) {
      const from = reaction.key;
      if (!from?.id || from.fromMe || !target.id || !isPerson(target.remoteJid)) continue;
      const clienteId = await this.cliente(target, null);
      await this.unreact(clienteId, target.id);
      if (!reaction.text) continue;
      const alvo = await this.byExternal(target.id);
      const open = await findOpenAtendimento(this.ctx.db, clienteId, this.canal.id);
      const mensagem: NewMessage = {
        tipo: 'reaction',
        conteudo: reaction.text,
        externalId: from.id,
        reagindoA: alvo && open && alvo.atendimentoId === open.id ? alvo.id : null,
        alvoExterno: target.id,
      };
      await this.receive(clienteId, mensagem, undefined, null);
    }
  }

  private async unreact(clienteId: string, alvo: string) {
    const target = await this.byExternal(alvo);
    const gone = await removeCustomerReaction(this.ctx.db, {
      accountId: this.canal.accountId,
      canalId: this.canal.id,
      clienteId,
      alvo,
      targetId: target?.id ?? null,
    });
    for (const g of gone) await this.publishChanged(g.atendimentoId, [g.id]);
  }

  /** Edits, deletions for everyone and receipts. */
  async update(items: BaileysEventMap['messages.update']) {
    for (const { key, update } of items) {
      if (!key.id || !isPerson(key.remoteJid)) continue;
      if (typeof update.status === 'number' && key.fromMe) await this.receipt(key.id, update.status);
      const edited = update.message?.editedMessage?.message;
      if (edited && !key.fromMe) await this.edit(key.id, textOf(edited));
      if (update.messageStubType === STUB_REVOKE && !key.fromMe) await this.revoke(key.id);
    }
  }

  private async edit(externalId: string, conteudo: string) {
    const orig = await this.byExternal(externalId);
    if (orig?.autor !== 'cliente' || (orig.editada && orig.conteudo === conteudo)) return;
    await this.ctx.db.update(mensagens).set({ conteudo, editada: true }).where(eq(mensagens.id, orig.id));
    await this.publishChanged(orig.atendimentoId, [orig.id]);
  }

  private async revoke(externalId: string) {
    const orig = await this.byExternal(externalId);
    if (orig?.autor !== 'cliente' || orig.apagada) return;
    await this.ctx.db.update(mensagens).set({ apagada: true }).where(eq(mensagens.id, orig.id));
    await this.publishChanged(orig.atendimentoId, [orig.id]);
  }

  private async receipt(externalId: string, code: number) {
    const status = RECEIPT[code];
    if (!status) return;
    const from = (['pending', 'sent', 'delivered'] as const).filter((s) => RANK[s] < RANK[status]);
    const changed = await this.ctx.db
      .update(mensagens)
      .set({ status })
      .where(
        and(
          eq(mensagens.accountId, this.canal.accountId),
          eq(mensagens.externalId, externalId),
          inArray(mensagens.status, from),
          ne(mensagens.autor, 'cliente'),
        ),
      )
      .returning();
    for (const msg of changed) await announceStatus(this.ctx, msg);
  }

  private async publishChanged(atendimentoId: string, ids: string[]) {
    const r = await result(this.ctx.db, this.canal.accountId, atendimentoId, ids);
    atendimentoEvents(this.ctx).messages(this.canal.accountId, r.row, r.mensagens, r.masterId, { toVisitor: false });
  }
}
