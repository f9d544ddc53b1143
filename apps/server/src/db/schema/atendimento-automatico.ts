import { boolean, index, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { THorarios, TOpcaoMenu } from '@balcao/shared/atendimento-automatico';
import { accounts } from './accounts';
import { canais } from './atendimentos';
import { departamentos } from './departamentos';

/** The account's business hours (read in accounts.time_zone) and its away message. */
export const horariosAtendimento = pgTable('horarios_atendimento', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  dias: jsonb('dias').$type<THorarios['dias']>().notNull(),
  feriados: jsonb('feriados').$type<string[]>().notNull(),
  mensagemForaDoHorario: text('mensagem_fora_do_horario').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type HorariosRow = typeof horariosAtendimento.$inferSelect;

/**
 * A department's own hours and away message (read in the account's zone), for the conversations in its queue;
 * a department without a row follows the account's.
 */
export const horariosDepartamento = pgTable(
  'horarios_departamento',
  {
    departamentoId: uuid('departamento_id')
      .primaryKey()
      .references(() => departamentos.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    dias: jsonb('dias').$type<THorarios['dias']>().notNull(),
    feriados: jsonb('feriados').$type<string[]>().notNull(),
    mensagemForaDoHorario: text('mensagem_fora_do_horario').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('horarios_departamento_account').on(t.accountId)],
);

/** A channel's welcome menu: a new conversation gets it and the answer picks the department's queue. */
export const menusBoasVindas = pgTable('menus_boas_vindas', {
  canalId: uuid('canal_id')
    .primaryKey()
    .references(() => canais.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  ativo: boolean('ativo').notNull(),
  saudacao: text('saudacao').notNull(),
  opcoes: jsonb('opcoes').$type<TOpcaoMenu[]>().notNull(),
  mensagemOpcaoInvalida: text('mensagem_opcao_invalida').notNull(),
  tentativas: smallint('tentativas').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type MenuRow = typeof menusBoasVindas.$inferSelect;
