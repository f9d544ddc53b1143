import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  date,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { atendimentos, clientes } from './atendimentos';
import { users } from './users';

/** The board's columns of an account (created with the defaults on first use); a task's status is a column id. */
export const trackerColunas = pgTable(
  'tracker_colunas',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    nome: text('nome').notNull(),
    ordem: integer('ordem').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] })],
);
export type TrackerColunaRow = typeof trackerColunas.$inferSelect;

/** One counter per account: task numbers #1, #2... per account, safe under concurrent creation. */
export const tarefaCounters = pgTable('tarefa_counters', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  ultimo: integer('ultimo').notNull(),
});

export const tarefas = pgTable(
  'tarefas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    numero: integer('numero').notNull(),
    titulo: text('titulo').notNull(),
    descricao: text('descricao').notNull().default(''),
    descricaoPublica: text('descricao_publica').notNull().default(''),
    status: text('status').notNull(),
    /** Sort key in the column: a move writes one row (the midpoint of its new neighbours). */
    ordem: doublePrecision('ordem').notNull(),
    prioridade: text('prioridade').notNull().default('media'),
    responsaveis: uuid('responsaveis').array().notNull().default(sql`'{}'::uuid[]`),
    etiquetas: text('etiquetas').array().notNull().default(sql`'{}'::text[]`),
    prazo: date('prazo', { mode: 'string' }),
    complexidade: integer('complexidade'),
    /** Set while shared: 144 random bits; cleared when sharing stops so the old link 404s. */
    publicId: text('public_id'),
    notificarCliente: boolean('notificar_cliente').notNull().default(false),
    atendimentoId: uuid('atendimento_id').references(() => atendimentos.id, { onDelete: 'set null' }),
    clienteId: uuid('cliente_id').references(() => clientes.id, { onDelete: 'set null' }),
    criadoPorId: uuid('criado_por_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tarefas_account_numero').on(t.accountId, t.numero),
    uniqueIndex('tarefas_public_id').on(t.publicId),
    index('tarefas_coluna_ordem').on(t.accountId, t.status, t.ordem, t.id),
    index('tarefas_responsaveis').using('gin', t.responsaveis),
    index('tarefas_atendimento').on(t.atendimentoId),
  ],
);
export type TarefaRow = typeof tarefas.$inferSelect;

export const tarefaComentarios = pgTable(
  'tarefa_comentarios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tarefaId: uuid('tarefa_id')
      .notNull()
      .references(() => tarefas.id, { onDelete: 'cascade' }),
    autorId: uuid('autor_id').references(() => users.id, { onDelete: 'set null' }),
    texto: text('texto').notNull(),
    mencoes: uuid('mencoes').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tarefa_comentarios_tarefa').on(t.tarefaId, t.createdAt)],
);

/** Who changed what, when: the drawer's history, and (status changes) the public page's timeline. */
export const tarefaAtividades = pgTable(
  'tarefa_atividades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tarefaId: uuid('tarefa_id')
      .notNull()
      .references(() => tarefas.id, { onDelete: 'cascade' }),
    usuarioId: uuid('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    tipo: text('tipo').notNull(),
    dados: jsonb('dados').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tarefa_atividades_tarefa').on(t.tarefaId, t.createdAt)],
);

/** The task's planning-poker round, kept on the server so a reload or a second device sees the same one. */
export const tarefaVotacoes = pgTable('tarefa_votacoes', {
  tarefaId: uuid('tarefa_id')
    .primaryKey()
    .references(() => tarefas.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  rodada: integer('rodada').notNull().default(1),
  aberta: boolean('aberta').notNull().default(true),
  revelada: boolean('revelada').notNull().default(false),
  moderadorId: uuid('moderador_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tarefaVotos = pgTable(
  'tarefa_votos',
  {
    tarefaId: uuid('tarefa_id')
      .notNull()
      .references(() => tarefas.id, { onDelete: 'cascade' }),
    rodada: integer('rodada').notNull(),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    valor: text('valor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tarefaId, t.rodada, t.usuarioId] })],
);

/** A file on a task, kept in the account's uploads' storage (lib/storage); the row holds what the drawer lists. */
export const tarefaAnexos = pgTable(
  'tarefa_anexo',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tarefaId: uuid('tarefa_id')
      .notNull()
      .references(() => tarefas.id, { onDelete: 'cascade' }),
    autorId: uuid('autor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name the file was uploaded with (shown and offered on download); the stored name is random. */
    nome: text('nome').notNull(),
    tamanho: integer('tamanho').notNull(),
    mimeType: text('mime_type').notNull(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tarefa_anexo_tarefa').on(t.tarefaId, t.createdAt)],
);
export type TarefaAnexoRow = typeof tarefaAnexos.$inferSelect;
