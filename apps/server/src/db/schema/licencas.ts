import { boolean, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * The account's licence (spec part 1 §3 "Licence"): seats, exempt users, tools and the due date.
 * One per account, created with the account; the licence issue (payments) renews and changes it.
 */
export const licencas = pgTable('licencas', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id')
    .notNull()
    .unique()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** Seats: active admin and atendente users (the master exempt). */
  numeroUsuarios: integer('numero_usuarios').notNull().default(5),
  numeroUsuariosIsentos: integer('numero_usuarios_isentos').notNull().default(1),
  /** Tool names, e.g. 'InteligenciaArtificial'. */
  ferramentas: jsonb('ferramentas').$type<string[]>().notNull().default([]),
  dataVencimento: timestamp('data_vencimento', { withTimezone: true }).notNull(),
  /** Sold through an ERP partner (set by the operator): no PIX renewal here, no expiry blocker. */
  vendaErp: boolean('venda_erp').notNull().default(false),
  /** The licence the master confirmed (POST /licenca/confirmalicenca) and the next charge is for; applied when paid. */
  pedidoNumeroUsuarios: integer('pedido_numero_usuarios'),
  pedidoFerramentas: jsonb('pedido_ferramentas').$type<string[]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type LicencaRow = typeof licencas.$inferSelect;
