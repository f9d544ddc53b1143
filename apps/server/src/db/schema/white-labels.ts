import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A brand the product is sold under (spec part 1 §1): picked by the request's Host, or by an account's assignment. */
export const whiteLabels = pgTable('white_labels', {
  id: text('id').primaryKey(),
  nome: text('nome').notNull(),
  hosts: jsonb('hosts').$type<string[]>().notNull().default([]),
  corPrimaria: text('cor_primaria'),
  publicUrl: text('public_url'),
  logoUrl: text('logo_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type WhiteLabelRow = typeof whiteLabels.$inferSelect;
