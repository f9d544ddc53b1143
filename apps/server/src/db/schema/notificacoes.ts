import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

/** A browser a user asked Web Push on; one row per push endpoint (a browser profile), moved if another user logs in there. */
export const pushInscricoes = pgTable(
  'push_inscricoes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_inscricoes_usuario').on(t.usuarioId)],
);
export type PushInscricaoRow = typeof pushInscricoes.$inferSelect;

/** One user's notification choices; no row means the defaults (PREFERENCIAS_PADRAO in packages/shared). */
export const notificacaoPreferencias = pgTable('notificacao_preferencias', {
  usuarioId: uuid('usuario_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  som: boolean('som').notNull(),
  navegador: boolean('navegador').notNull(),
  push: boolean('push').notNull(),
  mostrarPrevia: boolean('mostrar_previa').notNull(),
  eventos: jsonb('eventos').$type<Record<string, boolean>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
