import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TEventoConsentimento, TFinalidade, TOrigemConsentimento } from '@balcao/shared/consentimento';
import { accounts } from './accounts';
import { clientes } from './atendimentos';
import { users } from './users';

/**
 * A customer's consent history per purpose (LGPD): asked, accepted, declined, revoked; by what; the text version
 * shown; the address hashed. Append-only: the state is the latest answer (modules/consentimento/queries.ts).
 */
export const consentimentoEventos = pgTable(
  'consentimento_eventos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    finalidade: text('finalidade').$type<TFinalidade>().notNull(),
    evento: text('evento').$type<TEventoConsentimento>().notNull(),
    origem: text('origem').$type<TOrigemConsentimento>().notNull(),
    motivo: text('motivo'),
    textoVersao: text('texto_versao'),
    /** The words shown where they came from elsewhere (the widget's form, an ERP). */
    textoMostrado: text('texto_mostrado'),
    /** SHA-256 of the address with the server's secret: proves the same origin without keeping the address. */
    ipHash: text('ip_hash'),
    atendenteId: uuid('atendente_id').references(() => users.id, { onDelete: 'set null' }),
    pedidoId: uuid('pedido_id'),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consentimento_eventos_cliente').on(t.clienteId, t.finalidade, t.em)],
);
export type ConsentimentoEventoRow = typeof consentimentoEventos.$inferSelect;

/**
 * A confirmation link sent to the customer: its token is an HMAC of this id (lib/tokens.ts), so nothing of it is
 * stored; it answers once, within 30 days.
 */
export const consentimentoPedidos = pgTable(
  'consentimento_pedidos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    canal: text('canal').$type<TFinalidade>().notNull(),
    finalidades: jsonb('finalidades').$type<TFinalidade[]>().notNull(),
    criadoPor: uuid('criado_por').references(() => users.id, { onDelete: 'set null' }),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
    respondidoEm: timestamp('respondido_em', { withTimezone: true }),
    aceito: text('aceito').$type<'sim' | 'nao'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consentimento_pedidos_cliente').on(t.clienteId).where(sql`${t.respondidoEm} is null`)],
);

/** The account's opt-out/opt-in words and replies (absent: CONSENTIMENTO_CONFIG_PADRAO). */
export const consentimentoConfig = pgTable('consentimento_config', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  palavrasSair: jsonb('palavras_sair').$type<string[]>().notNull(),
  palavrasVoltar: jsonb('palavras_voltar').$type<string[]>().notNull(),
  respostaSair: text('resposta_sair').notNull(),
  respostaVoltar: text('resposta_voltar').notNull(),
});
