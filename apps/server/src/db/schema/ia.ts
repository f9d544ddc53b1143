import { index, integer, jsonb, pgTable, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { ACOES_IA, type TFonteIa } from '@balcao/shared/ia';
import { accounts } from './accounts';
import { users } from './users';

/** An account's own AI provider (Configurações › Integrações › Assistente de IA); absent fields use the operator's. */
export const iaConfig = pgTable('ia_config', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  baseUrl: text('base_url'),
  modelo: text('modelo'),
  modeloTranscricao: text('modelo_transcricao'),
  /** AES-256-GCM, as channel secrets (lib/cipher.ts); never answered, only masked. */
  chaveCifrada: text('chave_cifrada'),
  /** CPF, CNPJ, cards and e-mails become placeholders before anything goes to the provider. */
  ocultarDadosPessoais: boolean('ocultar_dados_pessoais').notNull().default(true),
  transcreverAutomatico: boolean('transcrever_automatico').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type IaConfigRow = typeof iaConfig.$inferSelect;

/** The attendant's panel history per conversation: what they asked and what the assistant answered. */
export const iaMensagens = pgTable(
  'ia_mensagens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    atendimentoId: uuid('atendimento_id').notNull(),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    papel: text('papel', { enum: ['usuario', 'assistente'] }).notNull(),
    acao: text('acao', { enum: ACOES_IA }).notNull(),
    conteudo: text('conteudo').notNull(),
    fontes: jsonb('fontes').$type<TFonteIa[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ia_mensagens_painel').on(t.atendimentoId, t.usuarioId, t.createdAt)],
);

/** One row per provider call: this month's use by user, and the operator's monthly cap. */
export const iaUso = pgTable(
  'ia_uso',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    usuarioId: uuid('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    tipo: text('tipo', { enum: ['chat', 'transcricao', 'teste'] }).notNull(),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    totalTokens: integer('total_tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ia_uso_conta_mes').on(t.accountId, t.createdAt)],
);
