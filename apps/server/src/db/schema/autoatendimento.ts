import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { clientes } from './atendimentos';
import { users } from './users';

/** An ERP's key to post self-service requests: stored as a SHA-256 hash, shown once at creation. */
export const autoatendimentoChaves = pgTable('autoatendimento_chaves', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  nome: text('nome').notNull(),
  hash: text('hash').notNull().unique(),
  prefixo: text('prefixo').notNull(),
  criadoPor: uuid('criado_por').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  ultimoUsoEm: timestamp('ultimo_uso_em', { withTimezone: true }),
  revogadaEm: timestamp('revogada_em', { withTimezone: true }),
});

/** A self-service request raised by the ERP; attendants take (em_andamento) and resolve it. */
export const autoatendimentoSolicitacoes = pgTable(
  'autoatendimento_solicitacoes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    chaveId: uuid('chave_id').references(() => autoatendimentoChaves.id, { onDelete: 'set null' }),
    /** The directory's customer with the same number or e-mail, when there is one. */
    clienteId: uuid('cliente_id').references(() => clientes.id, { onDelete: 'set null' }),
    clienteNome: text('cliente_nome').notNull(),
    clienteNumero: text('cliente_numero'),
    clienteEmail: text('cliente_email'),
    clienteDocumento: text('cliente_documento'),
    tipo: text('tipo').notNull(),
    descricao: text('descricao').notNull(),
    dados: jsonb('dados').$type<Record<string, unknown>>(),
    status: text('status', { enum: ['pendente', 'em_andamento', 'resolvida'] })
      .notNull()
      .default('pendente'),
    responsavelId: uuid('responsavel_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvidaEm: timestamp('resolvida_em', { withTimezone: true }),
  },
  (t) => [index('autoatendimento_solicitacoes_status').on(t.accountId, t.status, t.createdAt)],
);
