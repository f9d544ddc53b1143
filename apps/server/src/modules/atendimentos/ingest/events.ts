import { z } from 'zod';
import { ZContato, ZMidia } from '@balcao/shared/atendimentos';

/**
 * What a channel driver's inbound side turns a webhook body or a socket event into: typed events that one
 * module stores (ingest.ts). They live on the server, not in packages/shared: they carry the provider's
 * handles (a media id to fetch, the time by the provider's clock) that no screen ever reads.
 */

/**
 * Who an event is from, as the provider names them: a phone number, WhatsApp's business-scoped user id
 * (BSUID), WhatsApp Web's LID, or a customer the channel already holds (a widget visitor's).
 */
const ZIdentidade = z
  .object({
    telefone: z.string().min(1).optional(),
    bsuid: z.string().min(1).optional(),
    lid: z.string().min(1).optional(),
    clienteId: z.uuid().optional(),
  })
  .refine((i) => i.telefone || i.bsuid || i.lid || i.clienteId, { message: 'evento sem remetente' });
export type TIdentidade = z.infer<typeof ZIdentidade>;

/** A provider's file not fetched yet: the driver's resolver downloads it (ingest.ts IngestHooks.media). */
const ZMidiaRemota = z.object({
  ref: z.string().min(1),
  kind: z.enum(['image', 'video', 'audio', 'document', 'sticker']),
  mimeType: z.string().nullish(),
  filename: z.string().nullish(),
});

/** A message's content kinds. 'aviso': a line about the customer's message (a kind the inbox cannot show). */
const ZConteudo = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('texto'), texto: z.string(), contatos: z.array(ZContato).nullish() }),
  z.object({ tipo: z.literal('midia'), legenda: z.string(), remota: ZMidiaRemota }),
  z.object({ tipo: z.literal('anexo'), legenda: z.string(), midia: ZMidia }),
  z.object({
    tipo: z.literal('local'),
    texto: z.string(),
    localizacao: z.object({ latitude: z.number(), longitude: z.number(), nome: z.string().nullable() }),
  }),
  z.object({ tipo: z.literal('aviso'), texto: z.string() }),
]);
export type TConteudo = z.infer<typeof ZConteudo>;

const externalId = z.string().min(1);

const ZMensagemEvento = z
  .object({
    kind: z.literal('message'),
    de: ZIdentidade,
    /** The provider's id (de-duplicates a redelivery); a widget message has its client id instead. */
    externalId: externalId.optional(),
    clientId: z.string().min(1).optional(),
    nome: z.string().nullish(),
    conteudo: ZConteudo,
    /** The provider's id of the quoted message. */
    respondendoA: z.string().nullish(),
    /** 'atendente': the business wrote it elsewhere (WhatsApp Web's phone); it joins as the attendants' side. */
    autor: z.enum(['cliente', 'atendente']).default('cliente'),
    /** When the customer wrote, by the provider's clock: opens the reply window where the channel has one (none: no window). */
    escreveuEm: z.date().optional(),
    /** The ad the customer clicked to write. */
    anuncio: z.object({ titulo: z.string().nullable(), url: z.string().nullable() }).nullish(),
  })
  .refine((m) => m.externalId || m.clientId, { message: 'mensagem sem identificador' });

export const ZInboundEvent = z.discriminatedUnion('kind', [
  ZMensagemEvento,
  z.object({ kind: z.literal('reaction'), de: ZIdentidade, externalId, alvo: externalId, emoji: z.string().min(1) }),
  z.object({ kind: z.literal('reaction-removed'), de: ZIdentidade, alvo: externalId }),
  /** `conteudo` null: the provider sent no new text (the message keeps its own). */
  z.object({ kind: z.literal('edit'), de: ZIdentidade, alvo: externalId, conteudo: z.string().nullable() }),
  z.object({ kind: z.literal('revoke'), de: ZIdentidade, alvo: externalId }),
  /** Of a message the business sent; statuses only move forward, 'failed' only before delivery. */
  z.object({
    kind: z.literal('status'),
    externalId,
    status: z.enum(['sent', 'delivered', 'read', 'failed']),
    erro: z.string().nullish(),
  }),
  /** The customer now answers by another identity (a new number): the old one's customer moves to it. */
  z.object({ kind: z.literal('identity'), de: ZIdentidade, para: ZIdentidade }),
  /** The customer opened the chat and wrote nothing: no conversation is queued. */
  z.object({ kind: z.literal('opened'), de: ZIdentidade, externalId: externalId.optional() }),
]);
export type TInboundEvent = z.input<typeof ZInboundEvent>;
export type TInboundEventParsed = z.output<typeof ZInboundEvent>;
export type TMensagemEvento = Extract<TInboundEventParsed, { kind: 'message' }>;

/** What a parser could not read: left out with its reason (stored as a failure, never retried). */
export type TEventoInvalido = { kind: 'invalid'; motivo: string };
