import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORIGENS, STATUS_ATENDIMENTO, type TAnuncio, type TContato, type TMidia } from '@balcao/shared/atendimentos';
import type { TModeloEscolhido } from '@balcao/shared/mensagens-agendadas';
import {
  PROVEDORES_CANAL,
  type TCanalConfig,
  type TCanalWapiConfig,
  type TCanalWhatsAppConfig,
  type TCanalWidgetConfig,
  type TConexaoWhatsApp,
} from '@balcao/shared/canais';
import { buscaNumeroDe, buscaTextoDe } from '../../lib/busca-cliente';
import { accounts } from './accounts';
import { departamentos } from './departamentos';
import { users } from './users';

/** A customer who writes in (widget visitor or WhatsApp number). */
export const clientes = pgTable(
  'clientes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    numero: text('numero'),
    email: text('email'),
    avatarUrl: text('avatar_url'),
    /** The site's own id for a verified visitor, or the WhatsApp id. */
    identificador: text('identificador'),
    /**
     * WhatsApp's business-scoped user id (Meta's `user_id`): a customer with a username may come with it alone
     * (no phone number), or with both; one customer either way.
     */
    bsuid: text('bsuid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Kept by the database for search (lib/busca-cliente.ts): the name and e-mail lower-cased without accents. */
    buscaTexto: text('busca_texto')
      .notNull()
      .generatedAlwaysAs((): SQL => buscaTextoDe(clientes.nome, clientes.email)),
    /** The number's digits, so any way of writing it finds the customer. */
    buscaNumero: text('busca_numero')
      .notNull()
      .generatedAlwaysAs((): SQL => buscaNumeroDe(clientes.numero)),
  },
  (t) => [
    uniqueIndex('clientes_account_identificador').on(t.accountId, t.identificador),
    uniqueIndex('clientes_account_bsuid').on(t.accountId, t.bsuid),
    index('clientes_account_nome').on(t.accountId, t.nome),
  ],
);
export type ClienteRow = typeof clientes.$inferSelect;

/** Where customers write from: a website widget or a WhatsApp number; `tipo` says which shape `config` has. */
export const canais = pgTable(
  'canais',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: PROVEDORES_CANAL }).notNull(),
    nome: text('nome').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    /** Public id in the site's snippet (`data-canal`). */
    token: text('token').notNull().unique(),
    /**
     * AES-256-GCM encrypted at rest: the widget's HMAC key for visitor identities; for WhatsApp, the JSON of
     * the access token and the app secret (channels/whatsapp-cloud/secrets.ts).
     */
    segredoCifrado: text('segredo_cifrado').notNull(),
    config: jsonb('config').$type<TCanalWidgetConfig | TCanalWhatsAppConfig | TCanalWapiConfig>().notNull(),
    /** WhatsApp: the last contact with Meta's Graph API (Integrações' 'conectado'). */
    conexao: jsonb('conexao').$type<TConexaoWhatsApp>(),
    /** WhatsApp: the latest webhook-level error Meta reported, in Portuguese, for admins. */
    ultimoErroWebhook: text('ultimo_erro_webhook'),
    /** WhatsApp: how many webhook deliveries were given up on (each keeps its reason: whatsapp_eventos.erro). */
    entregasComFalha: integer('entregas_com_falha').notNull().default(0),
    removidoEm: timestamp('removido_em', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('canais_account').on(t.accountId),
    // What a row of another table names as its channel and its account together (whatsapp_eventos' key).
    uniqueIndex('canais_id_conta').on(t.id, t.accountId),
    // One live WhatsApp Web channel per account: concurrent first 'conectar' calls meet here.
    uniqueIndex('canais_wapi_por_conta').on(t.accountId).where(sql`${t.tipo} = 'wapi' and ${t.removidoEm} is null`),
    // One WhatsApp number belongs to one channel in the whole installation: Meta's deliveries are filed by it.
    uniqueIndex('canais_whatsapp_numero')
      .on(sql`(${t.config}->>'phoneNumberId')`)
      .where(sql`${t.tipo} = 'whatsapp' and ${t.removidoEm} is null`),
  ],
);
type CanalColumns = typeof canais.$inferSelect;
/** A channel row with its config typed by its `tipo` (a discriminated union). */
export type CanalRow = Omit<CanalColumns, 'tipo' | 'config'> & TCanalConfig;
export type WidgetCanalRow = CanalRow & { tipo: 'widget' };
export type WhatsAppCanalRow = CanalRow & { tipo: 'whatsapp' };
export type WapiCanalRow = CanalRow & { tipo: 'wapi' };
/** Rows read from `canais` carry `config` as stored for their `tipo` (written only through the typed inputs). */
export const asCanal = (row: CanalColumns): CanalRow => row as CanalRow;

/** A website visitor's session: the opaque token in the browser's local storage maps to a customer. */
export const visitantes = pgTable('visitantes', {
  id: uuid('id').primaryKey().defaultRandom(),
  canalId: uuid('canal_id')
    .notNull()
    .references(() => canais.id, { onDelete: 'cascade' }),
  clienteId: uuid('cliente_id')
    .notNull()
    .references(() => clientes.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** The department the visitor chose in the pre-chat form, for the next atendimento. */
  departamentoId: uuid('departamento_id').references(() => departamentos.id, { onDelete: 'set null' }),
  preChatEm: timestamp('pre_chat_em', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type VisitanteRow = typeof visitantes.$inferSelect;

/** One counter per account so ticket numbers are 1, 2, 3... per account, safely under concurrency. */
export const ticketCounters = pgTable('ticket_counters', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  ultimo: integer('ultimo').notNull(),
});

export const atendimentos = pgTable(
  'atendimentos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ticket: integer('ticket').notNull(),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    canalId: uuid('canal_id')
      .notNull()
      .references(() => canais.id),
    origem: text('origem', { enum: ORIGENS }).notNull(),
    status: text('status', { enum: STATUS_ATENDIMENTO }).notNull().default('aguardando'),
    atendenteId: uuid('atendente_id').references(() => users.id, { onDelete: 'set null' }),
    departamentoId: uuid('departamento_id').references(() => departamentos.id, { onDelete: 'set null' }),
    inicio: timestamp('inicio', { withTimezone: true }).notNull().defaultNow(),
    fim: timestamp('fim', { withTimezone: true }),
    /** The first attendant message: the overview dashboard's first-response time. */
    primeiraRespostaEm: timestamp('primeira_resposta_em', { withTimezone: true }),
    nota: smallint('nota'),
    /** WhatsApp: the ad the customer clicked to start this conversation (Meta's referral), when one did. */
    anuncio: jsonb('anuncio').$type<TAnuncio>(),
    comentario: text('comentario'),
    avaliadoEm: timestamp('avaliado_em', { withTimezone: true }),
    mensagensNaoLidas: integer('mensagens_nao_lidas').notNull().default(0),
    ultimaMensagem: text('ultima_mensagem'),
    ultimaMensagemTipo: text('ultima_mensagem_tipo', { enum: ['text', 'image', 'video', 'audio', 'document', 'location', 'reaction'] }),
    ultimaMensagemEm: timestamp('ultima_mensagem_em', { withTimezone: true }).notNull().defaultNow(),
    /** When the customer last wrote, as the provider reports it (WhatsApp's 24-hour reply window counts from it). */
    clienteEscreveuEm: timestamp('cliente_escreveu_em', { withTimezone: true }),
    /** When the away message last went (the customer wrote while closed): once per closed period. */
    foraDoHorarioEm: timestamp('fora_do_horario_em', { withTimezone: true }),
    /** The welcome menu running: invalid answers so far; null when it never ran or has ended. */
    menuTentativas: smallint('menu_tentativas'),
    /** The account's labels (etiquetas.id); changed by staff only, never by a message. */
    etiquetaIds: uuid('etiqueta_ids').array().notNull().default(sql`'{}'::uuid[]`),
  },
  (t) => [
    uniqueIndex('atendimentos_account_ticket').on(t.accountId, t.ticket),
    // What a message names as its conversation and its account together (mensagens' key).
    uniqueIndex('atendimentos_id_conta').on(t.id, t.accountId),
    // At most one open atendimento per customer and channel: a new message joins it instead of opening another.
    uniqueIndex('atendimentos_aberto_por_cliente').on(t.clienteId, t.canalId).where(sql`${t.status} <> 'finalizado'`),
    // The list's order is kept in atendimentos_ordem, not here: no index of this table may hold a column every
    // message changes (ultima_mensagem_em, the preview, the unread count), so that a message's update of its
    // conversation is HOT (no new entry in each of these indexes). Why and what it measured: atendimentosOrdem.
    index('atendimentos_lista').on(t.accountId, t.status),
    index('atendimentos_atendente').on(t.atendenteId, t.fim),
    index('atendimentos_cliente').on(t.clienteId),
    // The overview dashboard: started in a period, finished in a period (per account).
    index('atendimentos_account_inicio').on(t.accountId, t.inicio),
    index('atendimentos_account_fim').on(t.accountId, t.fim).where(sql`${t.fim} is not null`),
    // The list's label filter (etiqueta_ids @> array[id]).
    index('atendimentos_etiquetas').using('gin', t.etiquetaIds),
  ],
);
export type AtendimentoRow = typeof atendimentos.$inferSelect;

/**
 * The conversation list's order (status, latest activity) beside each atendimento, kept by triggers on
 * atendimentos (migration 0015: on insert, and on an update that changes either) and read only by the list
 * (conversas.ts). Why a table of its own: indexed on atendimentos, ultima_mensagem_em made every message's
 * update of its conversation a non-HOT update, a new entry in each of its eight indexes, which slowed as they
 * filled with dead entries (docs/decisoes/0003-gatilho-atendimentos-ordem.md). Here the update is HOT and only
 * this narrow row gets new index entries.
 */
export const atendimentosOrdem = pgTable(
  'atendimentos_ordem',
  {
    atendimentoId: uuid('atendimento_id')
      .primaryKey()
      .references(() => atendimentos.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    status: text('status', { enum: STATUS_ATENDIMENTO }).notNull(),
    ultimaMensagemEm: timestamp('ultima_mensagem_em', { withTimezone: true }).notNull(),
  },
  (t) => [index('atendimentos_ordem_lista').on(t.accountId, t.status, t.ultimaMensagemEm, t.atendimentoId)],
);

export const mensagens = pgTable(
  'mensagens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Strict order within a conversation (timestamps can tie); also the paging cursor. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** Its conversation's account, always (the key below): scopes the account's lookups by index. */
    accountId: uuid('account_id').notNull(),
    atendimentoId: uuid('atendimento_id').notNull(),
    autor: text('autor', { enum: ['cliente', 'atendente', 'sistema'] }).notNull(),
    atendenteId: uuid('atendente_id').references(() => users.id, { onDelete: 'set null' }),
    tipo: text('tipo', { enum: ['text', 'image', 'video', 'audio', 'document', 'location', 'reaction'] }).notNull(),
    conteudo: text('conteudo').notNull().default(''),
    midia: jsonb('midia').$type<TMidia>(),
    localizacao: jsonb('localizacao').$type<{ latitude: number; longitude: number; nome: string | null }>(),
    /** Contact cards the customer shared (name, phones, e-mails, organisation); null on every other message. */
    contatos: jsonb('contatos').$type<TContato[]>(),
    reagindoA: uuid('reagindo_a'),
    respondendoA: uuid('respondendo_a'),
    status: text('status', { enum: ['pending', 'sent', 'delivered', 'read', 'failed'] })
      .notNull()
      .default('sent'),
    /** A failed send: the provider's reason in Portuguese. */
    erroEnvio: text('erro_envio'),
    /** The send queue (channels that confirm delivery): tries so far, the next try, and a send in flight. */
    tentativas: integer('tentativas').notNull().default(0),
    proximaTentativaEm: timestamp('proxima_tentativa_em', { withTimezone: true }),
    enviandoEm: timestamp('enviando_em', { withTimezone: true }),
    /** A reaction to a provider message we do not hold (its external id): a later removal finds it by this. */
    alvoExterno: text('alvo_externo'),
    editada: boolean('editada').notNull().default(false),
    apagada: boolean('apagada').notNull().default(false),
    /** An attendant edited or deleted for everyone a message already sent: the channel's queue tells the provider. */
    alteracao: text('alteracao', { enum: ['editar', 'apagar'] }),
    /** The provider's id (WhatsApp wamid): inbound events are deduplicated by it. */
    externalId: text('external_id'),
    /** The sender's own id for the message: a resend with the same id is the same message. */
    clientId: text('client_id'),
    /** Written by a scheduled message (mensagens_agendadas.id): shown as scheduled. */
    agendadaId: uuid('agendada_id'),
    /** WhatsApp: sent as this approved template (outside the 24-hour window); `conteudo` holds its filled text. */
    modelo: jsonb('modelo').$type<TModeloEscolhido>(),
    /** A voice note's transcript (modules/ia): searchable, shown under the player. */
    transcricao: text('transcricao'),
    /** A private note among staff: stored as sent, so no send queue ever claims it (the check below). */
    interna: boolean('interna').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One key for both: a message belongs to its conversation and to that conversation's account, never to
    // another's, and goes with it (an account's deletion reaches it through its atendimentos).
    foreignKey({
      name: 'mensagens_atendimento_conta_fk',
      columns: [t.atendimentoId, t.accountId],
      foreignColumns: [atendimentos.id, atendimentos.accountId],
    }).onDelete('cascade'),
    // A client id is the sender's own: scoped by the atendimento and the author (the visitor, or one staff user).
    uniqueIndex('mensagens_client_autor').on(t.atendimentoId, sql`coalesce(${t.atendenteId}::text, ${t.autor})`, t.clientId),
    uniqueIndex('mensagens_external').on(t.accountId, t.externalId),
    index('mensagens_atendimento_seq').on(t.atendimentoId, t.seq),
    // The send queue's scan: only messages waiting to go out.
    index('mensagens_pendentes').on(t.proximaTentativaEm).where(sql`${t.status} = 'pending'`),
    // WhatsApp Web's scan for edits and deletions still to send: only the few messages that have one.
    index('mensagens_alteracoes').on(t.atendimentoId).where(sql`${t.alteracao} is not null`),
    // A note never waits to go out nor is edited on the provider: no queue can pick it up.
    check('mensagens_interna_nunca_envia', sql`not ${t.interna} or (${t.status} = 'sent' and ${t.alteracao} is null)`),
  ],
);
export type MensagemRow = typeof mensagens.$inferSelect;
