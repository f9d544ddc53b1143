import { boolean, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { THorarios, TOpcaoMenu } from '@balcao/shared/atendimento-automatico';
import { accounts } from './accounts';
import { canais } from './atendimentos';

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
