import type { BaileysEventMap, proto, WAMessage, WAMessageKey } from 'baileys';
import { WHATSAPP_TEXTS } from '@balcao/shared/canais';
import type { TConteudo, TIdentidade, TInboundEvent } from '../../modules/atendimentos/ingest/events';
import { contatosMessage, locationMessage } from '../whatsapp-common';
import { parseVCard } from './vcard';

/** What the parser needs of Baileys (loaded lazily by the driver: baileys.ts): its content helpers. */
export type BaileysContent = {
  normalizeMessageContent(m: proto.IMessage | null | undefined): proto.IMessage | undefined;
  getContentType(m: proto.IMessage | undefined): keyof proto.IMessage | undefined;
};

/** Receipts only move forward (proto.WebMessageInfo.Status: 3 delivered, 4 read, 5 played = read). */
const RECEIPT: Record<number, 'delivered' | 'read'> = { 3: 'delivered', 4: 'read', 5: 'read' };
/** proto.WebMessageInfo.StubType.REVOKE */
const STUB_REVOKE = 1;
const MIDIA = {
  imageMessage: 'image',
  videoMessage: 'video',
  audioMessage: 'audio',
  documentMessage: 'document',
  stickerMessage: 'sticker',
} as const;

const userOf = (jid: string | null | undefined) => (jid ? (jid.split('@')[0] ?? '').split(':')[0]! : '');
const isPn = (jid: string | null | undefined) => Boolean(jid?.endsWith('@s.whatsapp.net'));
const isLid = (jid: string | null | undefined) => Boolean(jid?.endsWith('@lid'));
/** Only one-to-one chats: groups, status broadcasts and newsletters are not customers. */
const isPerson = (jid: string | null | undefined) => isPn(jid) || isLid(jid);

/** The person behind a chat: its jid and its alternate (remoteJidAlt), a phone number and/or a LID. */
function identityOf(key: WAMessageKey): TIdentidade {
  const ids: TIdentidade = {};
  for (const jid of [key.remoteJid, key.remoteJidAlt]) {
    if (isPn(jid)) ids.telefone = userOf(jid);
    else if (isLid(jid)) ids.lid = userOf(jid);
  }
  return ids;
}

/** The text of a message (or of an edit's new content): conversation, extended text, or a media caption. */
function textOf(m: proto.IMessage | null | undefined): string {
  if (!m) return '';
  return (
    m.conversation ?? m.extendedTextMessage?.text ?? m.imageMessage?.caption ?? m.videoMessage?.caption ?? m.documentMessage?.caption ?? ''
  );
}

/** A message's content as the inbox shows it, or null for what has its own event or is not a message. */
function contentOf(b: BaileysContent, m: WAMessage): { conteudo: TConteudo; quoted: string | null } | null {
  const content = b.normalizeMessageContent(m.message);
  if (!content || content.protocolMessage || content.reactionMessage) return null; // edits, revokes, reactions: their own events
  const kind = b.getContentType(content);
  if (!kind || kind === 'senderKeyDistributionMessage' || kind === 'messageContextInfo') return null;
  const part = content[kind] as { contextInfo?: proto.IContextInfo | null } | null | undefined;
  const quoted = part?.contextInfo?.stanzaId ?? null;
  if (kind === 'conversation' || kind === 'extendedTextMessage') return { conteudo: { tipo: 'texto', texto: textOf(content) }, quoted };
  if (kind in MIDIA) {
    const media = content[kind] as { caption?: string | null; fileName?: string | null; mimetype?: string | null };
    const remota = {
      ref: m.key.id!,
      kind: MIDIA[kind as keyof typeof MIDIA],
      mimeType: media.mimetype ?? null,
      filename: media.fileName ?? null,
    };
    return { conteudo: { tipo: 'midia', legenda: media.caption ?? '', remota }, quoted };
  }
  if (kind === 'locationMessage') {
    const l = content.locationMessage!;
    const loc = locationMessage(l.degreesLatitude, l.degreesLongitude, l.name, l.address);
    return { conteudo: { tipo: 'local', texto: loc.conteudo, localizacao: loc.localizacao! }, quoted };
  }
  if (kind === 'contactMessage' || kind === 'contactsArrayMessage') {
    const cards = kind === 'contactMessage' ? [content.contactMessage!] : (content.contactsArrayMessage!.contacts ?? []);
    const c = contatosMessage(cards.map((card) => parseVCard(card.vcard ?? '', card.displayName)));
    return { conteudo: { tipo: 'texto', texto: c.conteudo, contatos: c.contatos }, quoted };
  }
  return { conteudo: { tipo: 'aviso', texto: WHATSAPP_TEXTS.naoSuportada }, quoted };
}

/**
 * New messages (messages.upsert) as events: a customer's 'notify' (their 'append' is history), and the
 * business's own (typed on the phone: 'notify' while online, 'append' while offline; our own sends' echoes are
 * known by their id and skipped by the ingest). A kind the inbox cannot show is no notice for the business's own.
 */
export function parseUpsert(b: BaileysContent, { messages, type }: BaileysEventMap['messages.upsert']): TInboundEvent[] {
  return messages.flatMap((m): TInboundEvent[] => {
    const key = m.key;
    if (!key?.id || !isPerson(key.remoteJid) || (!key.fromMe && type !== 'notify')) return [];
    const c = contentOf(b, m);
    if (!c || (key.fromMe && c.conteudo.tipo === 'aviso')) return [];
    return [
      {
        kind: 'message',
        de: identityOf(key),
        externalId: key.id,
        autor: key.fromMe ? 'atendente' : 'cliente',
        nome: key.fromMe ? null : (m.pushName ?? null),
        conteudo: c.conteudo,
        respondendoA: c.quoted,
        escreveuEm: m.messageTimestamp ? new Date(Number(m.messageTimestamp) * 1000) : new Date(),
      },
    ];
  });
}

/** Reactions: an emoji sets the customer's one on that message, an empty one removes it. */
export function parseReactions(items: BaileysEventMap['messages.reaction']): TInboundEvent[] {
  return items.flatMap(({ key: target, reaction }): TInboundEvent[] => {
    const from = reaction.key;
    if (!from?.id || from.fromMe || !target.id || !isPerson(target.remoteJid)) return [];
    const de = identityOf(target);
    if (!reaction.text) return [{ kind: 'reaction-removed', de, alvo: target.id }];
    return [{ kind: 'reaction', de, externalId: from.id, alvo: target.id, emoji: reaction.text }];
  });
}

/** Edits and deletions for everyone (the customer's), and receipts (of the business's messages). */
export function parseUpdates(items: BaileysEventMap['messages.update']): TInboundEvent[] {
  return items.flatMap(({ key, update }): TInboundEvent[] => {
    if (!key.id || !isPerson(key.remoteJid)) return [];
    const out: TInboundEvent[] = [];
    const receipt = typeof update.status === 'number' ? RECEIPT[update.status] : undefined;
    if (receipt && key.fromMe) out.push({ kind: 'status', externalId: key.id, status: receipt });
    const edited = update.message?.editedMessage?.message;
    if (edited && !key.fromMe) out.push({ kind: 'edit', de: identityOf(key), alvo: key.id, conteudo: textOf(edited) });
    if (update.messageStubType === STUB_REVOKE && !key.fromMe) out.push({ kind: 'revoke', de: identityOf(key), alvo: key.id });
    return out;
  });
}
