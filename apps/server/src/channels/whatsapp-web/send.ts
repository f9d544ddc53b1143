import type { AnyMessageContent, WAMessageKey } from 'baileys';
import type { Storage } from '../../lib/storage';
import { readUpload } from '../../lib/uploads';
import type { OutboundMessage, SendResult } from '../../modules/atendimentos/outbox/types';
import { loadBaileys } from './baileys';
import type { WaSocket } from './socket';

const FALHOU = 'Não foi possível enviar a mensagem pelo WhatsApp Web.';
const ALVO_FORA = 'A mensagem citada não está no WhatsApp do cliente.';
/** Baileys' DisconnectReason.connectionClosed: the socket was not open, so nothing left; worth another try. */
const CONNECTION_CLOSED = 428;
class Refused extends Error {}
const statusOf = (err: unknown) => (err as { output?: { statusCode?: unknown } } | null)?.output?.statusCode;
type Log = { error: (o: object, m?: string) => void };

/**
 * The customer's chat: their WhatsApp number, or their LID while WhatsApp has not told us the number; a customer
 * met elsewhere (the website, typed in) by the number staff recorded (a scheduled message writes first).
 */
export const jidOf = (c: { identificador: string | null; numero: string | null } | null | undefined) => {
  const id = c?.identificador;
  if (id?.startsWith('whatsapp:')) return `${id.slice('whatsapp:'.length)}@s.whatsapp.net`;
  if (id?.startsWith('whatsapp-lid:')) return `${id.slice('whatsapp-lid:'.length)}@lid`;
  const digits = c?.numero?.replace(/\D/g, '');
  return digits ? `${digits}@s.whatsapp.net` : null;
};

/**
 * One message through the number's socket open here: notReady when it closed before the message was handed
 * over (the outbox keeps it for the next connection); tried again later when Baileys found its connection
 * closed (nothing left); failed with a Portuguese reason otherwise.
 */
export async function sendOverSocket(
  sock: WaSocket | undefined,
  storage: Storage,
  log: Log,
  message: OutboundMessage,
): Promise<SendResult> {
  if (!sock) return { notReady: true };
  const m = message.mensagem;
  try {
    const jid = jidOf(message.cliente);
    if (!jid) throw new Refused(FALHOU);
    const { content, quoted } = await contentOf(message, jid, storage);
    // WhatsApp echoes our send back as the business's own message: its id is stored first, so the echo is known.
    const messageId = (await loadBaileys()).generateMessageIDV2(sock.user?.id);
    await message.expectEcho(messageId);
    const sent = await sock.sendMessage(jid, content, { messageId, ...(quoted ? { quoted } : {}) });
    return { externalId: sent?.key?.id ?? messageId };
  } catch (err) {
    if (statusOf(err) === CONNECTION_CLOSED) return { retryAfterMs: null, reason: FALHOU };
    log.error({ err, mensagemId: m.id }, 'WhatsApp Web: envio');
    return { permanent: err instanceof Error && err.message.startsWith('A ') ? err.message : FALHOU };
  }
}

async function targetOf(message: OutboundMessage, id: string, jid: string): Promise<{ key: WAMessageKey; conteudo: string }> {
  const t = await message.target(id);
  if (!t?.externalId) throw new Refused(ALVO_FORA);
  return { key: { remoteJid: jid, id: t.externalId, fromMe: t.autor !== 'cliente' }, conteudo: t.conteudo };
}

/** Baileys' content of a stored message: text, media with caption, reaction, or a reply quoting ours or theirs. */
async function contentOf(message: OutboundMessage, jid: string, storage: Storage) {
  const m = message.mensagem;
  if (m.tipo === 'reaction') {
    const key = m.reagindoA
      ? (await targetOf(message, m.reagindoA, jid)).key
      : m.alvoExterno
        ? { remoteJid: jid, id: m.alvoExterno }
        : null;
    if (!key) throw new Refused(ALVO_FORA);
    return { content: { react: { text: m.conteudo, key } } as AnyMessageContent, quoted: null };
  }
  const t = m.respondendoA ? await targetOf(message, m.respondendoA, jid) : null;
  const quoted = t ? { key: t.key, message: { conversation: t.conteudo } } : null;
  if (m.midia && ['image', 'video', 'audio', 'document'].includes(m.tipo)) {
    const data = await fileOf(storage, m.midia.url);
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
  return { content: { text: message.texto } as AnyMessageContent, quoted };
}

/** An attachment stored by us (uploads) is read from the storage; anything else cannot be sent. */
async function fileOf(storage: Storage, url: string) {
  const bytes = await readUpload(storage, url);
  if (!bytes) throw new Refused(FALHOU);
  return bytes;
}
