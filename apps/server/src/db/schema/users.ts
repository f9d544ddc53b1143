import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { departamentos } from './departamentos';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    /** Stored lower-cased; unique across accounts because login is by e-mail alone. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['master', 'admin', 'atendente', 'user', 'tracker'] }).notNull(),
    departamentoId: uuid('departamento_id').references(() => departamentos.id, { onDelete: 'set null' }),
    fotoUrl: text('foto_url'),
    /** The status the user chose in the menu (Online/Offline). */
    online: boolean('online').notNull().default(false),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    /** A deactivated user cannot log in and takes no licence seat; their history stays. */
    ativo: boolean('ativo').notNull().default(true),
    desativadoEm: timestamp('desativado_em', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_account').on(t.accountId), index('users_departamento').on(t.departamentoId)],
);
export type UserRow = typeof users.$inferSelect;
