import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TMidia } from '@balcao/shared/atendimentos';
import type { TModeloEscolhido, TRecorrencia } from '@balcao/shared/mensagens-agendadas';
import { accounts } from './accounts';
import { canais, clientes } from './atendimentos';
import { users } from './users';

/**
 * A message to send to a customer at a set time (once, or repeating in the account's time zone). The
 * scheduler (modules/mensagens-agendadas/scheduler.ts) claims due rows with FOR UPDATE SKIP LOCKED and, in the
 * same transaction, writes the message into the customer's atendimento and moves `proximoEnvio` on: a row is
 * never sent twice for one time, whatever the number of instances.
 */
export const mensagensAgendadas = pgTable(
  'mensagens_agendadas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    canalId: uuid('canal_id')
      .notNull()
      .references(() => canais.id, { onDelete: 'cascade' }),
    criadoPor: uuid('criado_por').references(() => users.id, { onDelete: 'set null' }),
    conteudo: text('conteudo').notNull(),
    midia: jsonb('midia').$type<TMidia>(),
    /** The first (or only) send, as the admin typed it: wall-clock time of the account's zone, no offset. */
    dataEnvio: text('data_envio').notNull(),
    recorrencia: jsonb('recorrencia').$type<TRecorrencia>().notNull(),
    modelo: jsonb('modelo').$type<TModeloEscolhido>(),
    ativo: boolean('ativo').notNull().default(true),
    /** The next due time (null: a one-off already sent, or given up). */
    proximoEnvio: timestamp('proximo_envio', { withTimezone: true }),
    /** Failures of the current time so far, and when the next try may run (back-off). */
    tentativas: integer('tentativas').notNull().default(0),
    proximaTentativaEm: timestamp('proxima_tentativa_em', { withTimezone: true }),
    ultimoEnvioEm: timestamp('ultimo_envio_em', { withTimezone: true }),
    /** The message the last send wrote: its status (pending, sent, failed + reason) is the row's last result. */
    ultimaMensagemId: uuid('ultima_mensagem_id'),
    /** A failure before the message existed (no template outside the window, channel paused...). */
    ultimoErro: text('ultimo_erro'),
    envios: integer('envios').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mensagens_agendadas_account').on(t.accountId, t.createdAt),
    // The scheduler's scan: only active rows with a next time.
    index('mensagens_agendadas_devidas').on(t.proximoEnvio).where(sql`${t.ativo} and ${t.proximoEnvio} is not null`),
  ],
);
export type MensagemAgendadaRow = typeof mensagensAgendadas.$inferSelect;
