import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export const departamentos = pgTable(
  'departamentos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Names are unique per account whatever the case: 'Suporte' and 'suporte' would be the same queue to a person.
  (t) => [uniqueIndex('departamentos_account_nome_ci').on(t.accountId, sql`lower(${t.nome})`)],
);
export type DepartamentoRow = typeof departamentos.$inferSelect;
