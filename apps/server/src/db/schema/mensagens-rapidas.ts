import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

/**
 * Canned answers: personal (`usuarioId` is the owner) or public to the whole account (`publica`, written by
 * an admin or the master, `usuarioId` is who wrote it). An import copies a public one into the caller's own.
 */
export const mensagensRapidas = pgTable(
  'mensagens_rapidas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    usuarioId: uuid('usuario_id').references(() => users.id, { onDelete: 'cascade' }),
    publica: boolean('publica').notNull().default(false),
    atalho: text('atalho').notNull(),
    titulo: text('titulo').notNull(),
    conteudo: text('conteudo').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One shortcut per owner among personal ones, and one per account among public ones ('/' picks by it).
    uniqueIndex('mensagens_rapidas_pessoal_atalho').on(t.usuarioId, sql`lower(${t.atalho})`).where(sql`not ${t.publica}`),
    uniqueIndex('mensagens_rapidas_publica_atalho').on(t.accountId, sql`lower(${t.atalho})`).where(sql`${t.publica}`),
    index('mensagens_rapidas_account').on(t.accountId),
  ],
);
export type MensagemRapidaRow = typeof mensagensRapidas.$inferSelect;
