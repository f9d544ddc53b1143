import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A tenant: the spec's `databaseName` is its slug. Every other row belongs to one. */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  databaseName: text('database_name').notNull().unique(),
  nome: text('nome').notNull(),
  timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
  /** The user whose id equals masterId (spec part 1 §3); set right after the master is created. */
  masterUserId: uuid('master_user_id'),
  whiteLabelId: text('white_label_id'),
  logoUrl: text('logo_url'),
  customDomain: text('custom_domain').unique(),
  /** Product analytics for this account's staff (when the operator set POSTHOG_KEY); its admins may turn it off. */
  telemetria: boolean('telemetria').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AccountRow = typeof accounts.$inferSelect;
