import type { TCapacidadesCanal, TTipoMidia } from '@balcao/shared/canais';
import type { AppContext } from '../../context';
import type { WhatsAppCanalRow } from '../../db/schema/atendimentos';
import { AppError } from '../../lib/errors';
import type { OutboundCliente, OutboundMessage, SendResult } from '../../modules/atendimentos/outbox/types';
import { type GraphClient, GraphError } from './client';
import { mediaForMeta } from './media-out';
import { openSecrets, recordConexao } from './service';

const ALVO_FORA_DO_WHATSAPP = 'A mensagem citada não está no WhatsApp do cliente.';
/** A rate limit or outage that outlasted every try: Meta's own text promises a retry that will not come. */
const TENTATIVAS_ESGOTADAS =
  'O WhatsApp recusou o envio várias vezes seguidas (limite de mensagens ou instabilidade do Meta); reenvie daqui a pouco.';
const FALHOU = 'Não foi possível enviar a mensagem.';
const MIDIA_TIPOS = new Set(['image', 'video', 'audio', 'document']);

type Log = { error: (o: object, m?: string) => void };
class NotOnWhatsApp extends Error {}

const digitsOf = (identificador: string | null, numero: string | null) =>
  (identificador?.startsWith('whatsapp:') ? identificador.slice('whatsapp:'.length) : (numero ?? '')).replace(/\D/g, '');
/** Meta's rule: `to` for a phone number; `recipient` (the BSUID) for a customer known only by it. */
const destinoOf = (c: OutboundCliente): Record<string, string> => {
  const to = digitsOf(c.identificador, c.numero);
  return !to && c.bsuid ? { recipient: c.bsuid } : { to };
};

/**
 * One message to Meta: its body built (an attachment uploaded to the number's /media first and named by its
 * id), sent, and Meta's answer read as the outbox's outcome: its wamid; a rate limit (130429, 131056) or an
 * outage tried again later; anything else failed with Meta's reason in Portuguese.
 */
export async function sendToMeta(
  ctx: AppContext,
  graph: GraphClient,
  capabilities: TCapacidadesCanal,
  log: Log,
  message: OutboundMessage,
): Promise<SendResult> {
  const canal = message.canal as WhatsAppCanalRow;
  try {
    const { accessToken } = openSecrets(ctx.cipher, canal);
    const numero = { phoneNumberId: canal.config.phoneNumberId, accessToken };
    const body = await bodyOf(ctx, graph, capabilities, message, numero);
    const wamid = await graph.sendMessage(numero.phoneNumberId, accessToken, body);
    if (canal.conexao?.ok !== true) await recordConexao(ctx.db, canal.id, { ok: true, erro: null, numero: null, nomeVerificado: null });
    return { externalId: wamid };
  } catch (err) {
    if (err instanceof GraphError && err.retryable) return { retryAfterMs: null, reason: TENTATIVAS_ESGOTADAS };
    if (err instanceof GraphError) {
      if (err.code === 190) await recordConexao(ctx.db, canal.id, { ok: false, erro: err.message, numero: null, nomeVerificado: null });
      return { permanent: err.message };
    }
    if (err instanceof AppError || err instanceof NotOnWhatsApp) return { permanent: err.message };
    log.error({ err, mensagemId: message.mensagem.id }, 'WhatsApp: envio');
    return { permanent: FALHOU };
  }
}

/** Meta's message body (messaging_product, recipient_type, to or recipient, type and the type object; context for a reply). */
async function bodyOf(
  ctx: AppContext,
  graph: GraphClient,
  capabilities: TCapacidadesCanal,
  message: OutboundMessage,
  numero: { phoneNumberId: string; accessToken: string },
): Promise<Record<string, unknown>> {
  const m = message.mensagem;
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', ...destinoOf(message.cliente) };
  const externalOf = async (id: string) => {
    const t = await message.target(id);
    if (!t?.externalId) throw new NotOnWhatsApp(ALVO_FORA_DO_WHATSAPP);
    return t.externalId;
  };
  if (m.tipo === 'reaction') {
    const target = m.reagindoA ? await externalOf(m.reagindoA) : m.alvoExterno;
    if (!target) throw new NotOnWhatsApp(ALVO_FORA_DO_WHATSAPP);
    return { ...base, type: 'reaction', reaction: { message_id: target, emoji: m.conteudo } };
  }
  // Outside the 24-hour window only an approved template goes (a scheduled message chose one and filled it).
  if (m.modelo) {
    const parameters = m.modelo.variaveis.map((text) => ({ type: 'text', text }));
    const components = parameters.length ? [{ type: 'body', parameters }] : [];
    return { ...base, type: 'template', template: { name: m.modelo.nome, language: { code: m.modelo.idioma }, components } };
  }
  const context = m.respondendoA ? { context: { message_id: await externalOf(m.respondendoA) } } : {};
  if (m.midia && MIDIA_TIPOS.has(m.tipo)) {
    const file = await mediaForMeta(ctx.storage, capabilities, m.tipo as TTipoMidia, m.midia);
    const id = await graph.uploadMedia(numero.phoneNumberId, numero.accessToken, file);
    const caption = m.tipo !== 'audio' && m.conteudo.trim() ? { caption: m.conteudo.slice(0, 1024) } : {};
    const filename = m.tipo === 'document' && m.midia.filename ? { filename: m.midia.filename } : {};
    return { ...base, ...context, type: m.tipo, [m.tipo]: { id, ...caption, ...filename } };
  }
  const text = message.texto;
  return { ...base, ...context, type: 'text', text: { preview_url: /https?:\/\//i.test(text), body: text.slice(0, 4096) } };
}
