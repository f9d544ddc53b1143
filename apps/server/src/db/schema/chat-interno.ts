import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { departamentos } from './departamentos';
import { users } from './users';

/** A staff conversation (spec part 2 §3): direct between two users, or a named group. */
export const chatConversas = pgTable(
  'chat_interno_conversas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ehGrupo: boolean('eh_grupo').notNull(),
    nome: text('nome'),
    fotoUrl: text('foto_url'),
    /** "<smaller user id>:<larger user id>" for direct chats, so the same pair reuses one conversation. */
    directKey: text('direct_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_interno_conversas_direct').on(t.accountId, t.directKey),
    index('chat_interno_conversas_account').on(t.accountId),
  ],
);
export type ChatConversaRow = typeof chatConversas.$inferSelect;

/**
 * Who is in a conversation: a user or a department (whose current members take part). A user row with
 * `removed` set keeps someone who left (or was removed) out even while their department takes part.
 */
export const chatParticipantes = pgTable(
  'chat_interno_participantes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversaId: uuid('conversa_id')
      .notNull()
      .references(() => chatConversas.id, { onDelete: 'cascade' }),
    usuarioId: uuid('usuario_id').references(() => users.id, { onDelete: 'cascade' }),
    departamentoId: uuid('departamento_id').references(() => departamentos.id, { onDelete: 'cascade' }),
    admin: boolean('admin').notNull().default(false),
    removed: boolean('removed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_interno_participantes_usuario').on(t.conversaId, t.usuarioId),
    uniqueIndex('chat_interno_participantes_departamento').on(t.conversaId, t.departamentoId),
    index('chat_interno_participantes_by_usuario').on(t.usuarioId),
    index('chat_interno_participantes_by_departamento').on(t.departamentoId),
    check('chat_interno_participantes_one_kind', sql`(${t.usuarioId} is null) <> (${t.departamentoId} is null)`),
  ],
);
export type ChatParticipanteRow = typeof chatParticipantes.$inferSelect;

/** A message (spec part 2 §3). `seq` orders a conversation strictly (timestamps can tie) and backs read marks. */
export const chatMensagens = pgTable(
  'chat_interno_mensagens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    conversaId: uuid('conversa_id')
      .notNull()
      .references(() => chatConversas.id, { onDelete: 'cascade' }),
    remetenteId: uuid('remetente_id').references(() => users.id, { onDelete: 'set null' }),
    /** 1 Usuario, 2 Aviso (system notice). */
    origemTipo: smallint('origem_tipo').notNull(),
    tipo: text('tipo', { enum: ['text', 'image', 'video', 'audio', 'document'] }).notNull(),
    conteudo: text('conteudo').notNull(),
    midiaUrl: text('midia_url'),
    nomeArquivo: text('nome_arquivo'),
    /** The sender's own id for the message: a resend with the same id is the same message. */
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_interno_mensagens_client').on(t.conversaId, t.clientId),
    index('chat_interno_mensagens_conversa_seq').on(t.conversaId, t.seq),
  ],
);
export type ChatMensagemRow = typeof chatMensagens.$inferSelect;

/** How far each user has read each conversation; unread = later messages by someone else. */
export const chatLeituras = pgTable(
  'chat_interno_leituras',
  {
    conversaId: uuid('conversa_id')
      .notNull()
      .references(() => chatConversas.id, { onDelete: 'cascade' }),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ultimaSeq: bigint('ultima_seq', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversaId, t.usuarioId] })],
);
