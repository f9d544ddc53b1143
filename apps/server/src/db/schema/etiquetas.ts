import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** An account's labels for conversations (atendimentos.etiqueta_ids names them). */
export const etiquetas = pgTable(
  'etiquetas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    cor: text('cor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // 'Troca' and 'troca' would be the same label to a person.
  (t) => [uniqueIndex('etiquetas_account_nome_ci').on(t.accountId, sql`lower(${t.nome})`)],
);
export type EtiquetaRow = typeof etiquetas.$inferSelect;
