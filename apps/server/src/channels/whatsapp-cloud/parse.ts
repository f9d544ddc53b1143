import { WHATSAPP_TEXTS } from '@balcao/shared/canais';
import { waIdCanonico } from '@balcao/shared/clientes';
import type { TConteudo, TEventoInvalido, TIdentidade, TInboundEvent } from '../../modules/atendimentos/ingest/events';
import { locationMessage } from '../whatsapp-common';
import { graphErrorPt } from './client';
import { contactsMessage } from './contacts';
import { contactNames, flowAnswer, type MetaError, type MetaMessage, type MetaStatus, parseDelivery } from './meta';

export const metaErrorPt = (e: MetaError | undefined) =>
  graphErrorPt(e?.code ?? null, e?.error_data?.details ?? e?.title ?? e?.message ?? null);

type Evento = TInboundEvent | TEventoInvalido;
/**
 * A delivery as events (or why it is not one: a malformed envelope), and the errors Meta itself reported in
 * it (for the channel's card).
 */
export type CloudParsed = { ok: true; events: Evento[]; errosMeta: MetaError[] } | { ok: false; erro: string };

const invalid = (motivo: string): TEventoInvalido => ({ kind: 'invalid', motivo });
const MEDIA = ['image', 'video', 'audio', 'document', 'sticker'] as const;

/** What a message of each kind shows in the conversation. */
function contentOf(m: MetaMessage): TConteudo {
  const texto = (t: string): TConteudo => ({ tipo: 'texto', texto: t });
  const kind = MEDIA.find((k) => k === m.type);
  if (kind) {
    const media = m[kind] ?? {};
    return {
      tipo: 'midia',
      legenda: media.caption ?? '',
      remota: { ref: media.id ?? '', kind, mimeType: media.mime_type ?? null, filename: media.filename ?? null },
    };
  }
  switch (m.type) {
    case 'text':
      return texto(m.text?.body ?? '');
    case 'location': {
      const l = m.location ?? {};
      const loc = locationMessage(l.latitude, l.longitude, l.name, l.address);
      return { tipo: 'local', texto: loc.conteudo, localizacao: loc.localizacao! };
    }
    case 'contacts': {
      const c = contactsMessage(m.contacts ?? []);
      return { tipo: 'texto', texto: c.conteudo, contatos: c.contatos };
    }
    case 'interactive': {
      const i = m.interactive ?? {};
      if (i.type === 'list_reply') return texto([i.list_reply?.title, i.list_reply?.description].filter(Boolean).join('\n'));
      if (i.type === 'nfm_reply') return texto(flowAnswer(i.nfm_reply));
      return texto(i.button_reply?.title ?? '');
    }
    case 'button':
      return texto(m.button?.text ?? m.button?.payload ?? '');
    case 'system':
      return { tipo: 'aviso', texto: m.system?.body ?? WHATSAPP_TEXTS.naoSuportada };
    default:
      // Meta's errors[].error_data.details is English for developers: the attendant reads the notice only.
      return { tipo: 'aviso', texto: WHATSAPP_TEXTS.naoSuportada };
  }
}

/** One of Meta's messages as events (none for a group's message: never a one-to-one conversation's). */
function messageEvents(m: MetaMessage, nome: string | null): Evento[] {
  const id = m.id!;
  const de: TIdentidade = { ...(m.from ? { telefone: m.from } : {}), ...(m.from_user_id ? { bsuid: m.from_user_id } : {}) };
  if (m.type === 'edit') {
    const inner = m.edit?.message;
    const kind = inner?.type as keyof MetaMessage | undefined;
    const part = kind ? (inner?.[kind] as { body?: string; caption?: string } | undefined) : undefined;
    return [{ kind: 'edit', de, alvo: m.edit?.original_message_id ?? '', conteudo: part?.body ?? part?.caption ?? null }];
  }
  if (m.type === 'revoke') return [{ kind: 'revoke', de, alvo: m.revoke?.original_message_id ?? '' }];
  if (!m.from && !m.from_user_id) return [invalid(`${id}: mensagem sem remetente (from ou from_user_id)`)];
  if (m.group_id) return [];
  if (m.type === 'request_welcome') return [{ kind: 'opened', de, externalId: id }];
  if (m.type === 'reaction') {
    const alvo = m.reaction?.message_id ?? '';
    // A removal stores nothing; samples reuse the reaction's own wamid for it.
    if (!m.reaction?.emoji) return [{ kind: 'reaction-removed', de, alvo }];
    return [{ kind: 'reaction', de, externalId: id, alvo, emoji: m.reaction.emoji }];
  }
  // When the customer wrote opens the reply window: by Meta's clock, else now.
  const escreveuEm = m.timestamp ? new Date(Number(m.timestamp) * 1000) : new Date();
  const base = { kind: 'message' as const, externalId: id, nome, escreveuEm };
  if (m.type === 'system' && m.system?.type === 'user_changed_number' && m.from && m.system.wa_id) {
    const novo = { ...de, telefone: m.system.wa_id };
    return [
      { kind: 'identity', de, para: novo },
      { ...base, de: novo, conteudo: { tipo: 'aviso', texto: WHATSAPP_TEXTS.trocouDeNumero(`+${waIdCanonico(m.system.wa_id)}`) } },
    ];
  }
  const anuncio = m.referral ? { titulo: m.referral.headline ?? null, url: m.referral.source_url ?? null } : null;
  return [{ ...base, de, conteudo: contentOf(m), respondendoA: m.context?.id ?? null, anuncio }];
}

function statusEvent(s: MetaStatus): Evento[] {
  if (s.status === 'failed') return [{ kind: 'status', externalId: s.id!, status: 'failed', erro: metaErrorPt(s.errors?.[0]) }];
  if (s.status === 'sent' || s.status === 'delivered' || s.status === 'read')
    return [{ kind: 'status', externalId: s.id!, status: s.status }];
  return []; // 'played' and future kinds
}

/**
 * A webhook body as InboundEvents, without touching anything: a malformed message or status, or a change
 * for another number than the channel's, becomes an invalid event with its reason, among the good ones.
 */
export function parseCloudDelivery(corpo: string, phoneNumberId: string | null): CloudParsed {
  const parsed = parseDelivery(corpo);
  if (!parsed.ok) return parsed;
  const events: Evento[] = parsed.falhas.map(invalid);
  const errosMeta: MetaError[] = [];
  for (const entry of parsed.body.entry ?? [])
    for (const change of entry.changes ?? []) {
      if (change.field !== 'messages' || !change.value) continue;
      const v = change.value;
      const numero = v.metadata?.phone_number_id;
      if (numero && phoneNumberId && numero !== phoneNumberId) {
        events.push(invalid(WHATSAPP_TEXTS.numeroDeOutroCanal(numero)));
        continue;
      }
      errosMeta.push(...(v.errors ?? []));
      const nameOf = contactNames(v.contacts);
      for (const m of v.messages ?? []) if (m.id) events.push(...messageEvents(m, nameOf(m)));
      for (const s of v.statuses ?? []) if (s.id && s.status) events.push(...statusEvent(s));
    }
  return { ok: true, events, errosMeta };
}
