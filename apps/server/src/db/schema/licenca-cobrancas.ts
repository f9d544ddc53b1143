import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * A PIX charge for the account's licence: what was charged (seats, tools, amount in centavos), the code
 * shown to the payer, and its state. At most one pending charge per account; paying one extends the due date once.
 */
export const licencaCobrancas = pgTable(
  'licenca_cobrancas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Static: 62-05 (25 letters/digits); API Pix: the cob's txid (26 to 35). Unique across accounts (webhooks find it). */
    txid: text('txid').notNull().unique(),
    /** PIX_PROVIDER that made it: 'static' | 'api-pix'. */
    provedor: text('provedor').notNull(),
    valorCentavos: integer('valor_centavos').notNull(),
    numeroUsuarios: integer('numero_usuarios').notNull(),
    ferramentas: jsonb('ferramentas').$type<string[]>().notNull().default([]),
    pixCopiaECola: text('pix_copia_e_cola').notNull(),
    /** 'pendente' | 'pago' | 'cancelada'. */
    status: text('status').notNull().default('pendente'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    pagoEm: timestamp('pago_em', { withTimezone: true }),
    canceladaEm: timestamp('cancelada_em', { withTimezone: true }),
    /** The due date this payment set (the later of the payment day and the old due date, plus one month). */
    vencimentoAplicado: timestamp('vencimento_aplicado', { withTimezone: true }),
  },
  (t) => [
    index('licenca_cobrancas_account_idx').on(t.accountId, t.createdAt),
    uniqueIndex('licenca_cobrancas_uma_pendente').on(t.accountId).where(sql`${t.status} = 'pendente'`),
  ],
);
export type LicencaCobrancaRow = typeof licencaCobrancas.$inferSelect;

/**
 * Each PIX received for a charge, by its endToEndId (the PSP's webhook, a read of GET /cob, or the operator's
 * confirmation of a static PIX): inserting it is what lets a payment be applied once, however often it is told.
 */
export const licencaPagamentos = pgTable('licenca_pagamentos', {
  endToEndId: text('end_to_end_id').primaryKey(),
  cobrancaId: uuid('cobranca_id')
    .notNull()
    .references(() => licencaCobrancas.id, { onDelete: 'cascade' }),
  /** As the PSP wrote it ("149.00"). */
  valor: text('valor').notNull(),
  /** 'webhook' | 'consulta' | 'operador'. */
  origem: text('origem').notNull(),
  horario: timestamp('horario', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
