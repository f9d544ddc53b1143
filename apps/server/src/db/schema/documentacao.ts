import { type SQL, sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { semAcentos } from '../../lib/busca-cliente';
import { accounts } from './accounts';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A help centre: a public documentation of its own (name, colour, logo), optionally on the account's own host
 * name. The account's own documentation is the one without a centre (sections with a null `centralId`).
 */
export const documentacaoCentrais = pgTable(
  'documentacao_centrais',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    slug: text('slug').notNull(),
    /** A custom host name (lower case), unique in the installation: its requests serve this centre. */
    dominio: text('dominio'),
    /** When a DNS lookup last found the domain pointing at us (shown to the master; serving does not wait for it). */
    dominioVerificadoEm: timestamp('dominio_verificado_em', { withTimezone: true }),
    cor: text('cor').notNull().default('#2563eb'),
    logo: text('logo'),
    publica: boolean('publica').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('documentacao_centrais_slug').on(t.accountId, t.slug), uniqueIndex('documentacao_centrais_dominio').on(t.dominio)],
);
export type CentralRow = typeof documentacaoCentrais.$inferSelect;

/** A section of the account's documentation (`centralId` null) or of a help centre. */
export const documentacaoSecoes = pgTable(
  'documentacao_secoes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    centralId: uuid('central_id').references(() => documentacaoCentrais.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    slug: text('slug').notNull(),
    ordem: integer('ordem').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A slug is unique within the documentation it belongs to (the account's own, or one centre).
    uniqueIndex('documentacao_secoes_conta_slug').on(t.accountId, t.slug).where(sql`${t.centralId} is null`),
    uniqueIndex('documentacao_secoes_central_slug').on(t.centralId, t.slug).where(sql`${t.centralId} is not null`),
  ],
);
export type SecaoRow = typeof documentacaoSecoes.$inferSelect;

/** A document: Markdown, a draft or published, internal (staff only) or public. */
export const documentos = pgTable(
  'documentos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    secaoId: uuid('secao_id')
      .notNull()
      .references(() => documentacaoSecoes.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    slug: text('slug').notNull(),
    conteudo: text('conteudo').notNull().default(''),
    status: text('status', { enum: ['rascunho', 'publicado'] })
      .notNull()
      .default('rascunho'),
    visibilidade: text('visibilidade', { enum: ['interna', 'publica'] })
      .notNull()
      .default('interna'),
    ordem: integer('ordem').notNull().default(0),
    autorId: uuid('autor_id').references(() => users.id, { onDelete: 'set null' }),
    publicadoEm: timestamp('publicado_em', { withTimezone: true }),
    /** Public page reads and the "Este artigo ajudou?" answers, counted per document. */
    leituras: integer('leituras').notNull().default(0),
    votosSim: integer('votos_sim').notNull().default(0),
    votosNao: integer('votos_nao').notNull().default(0),
    /**
     * Kept by the database for search, without accents (lib/busca-cliente's translate, no extension needed), so
     * 'conceicao' finds 'Conceição': the Portuguese lexemes of the title and the content, stripped of positions
     * and weights so that it stays small enough to live in the row (a full vector of a 2.5 KB document is
     * compressed out of line, and reading 5,000 of them per search cost 150 ms on PGlite), and those of the
     * title alone, tiny, which rank a title match first (modules/documentacao/busca.ts).
     */
    busca: tsvector('busca').generatedAlwaysAs(
      (): SQL =>
        sql`strip(to_tsvector('portuguese'::regconfig, ${semAcentos(sql`${documentos.titulo} || chr(10) || ${documentos.conteudo}`)}))`,
    ),
    buscaTitulo: tsvector('busca_titulo').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('portuguese'::regconfig, ${semAcentos(sql`${documentos.titulo}`)})`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('documentos_secao_slug').on(t.secaoId, t.slug),
    index('documentos_account').on(t.accountId, t.status),
    index('documentos_busca').using('gin', t.busca),
  ],
);
export type DocumentoRow = typeof documentos.$inferSelect;

/** Every save of a document keeps one version (list, view, restore). */
export const documentoVersoes = pgTable(
  'documento_versoes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    documentoId: uuid('documento_id')
      .notNull()
      .references(() => documentos.id, { onDelete: 'cascade' }),
    numero: integer('numero').notNull(),
    titulo: text('titulo').notNull(),
    conteudo: text('conteudo').notNull(),
    status: text('status', { enum: ['rascunho', 'publicado'] }).notNull(),
    visibilidade: text('visibilidade', { enum: ['interna', 'publica'] }).notNull(),
    autorId: uuid('autor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('documento_versoes_numero').on(t.documentoId, t.numero)],
);
export type DocumentoVersaoRow = typeof documentoVersoes.$inferSelect;

/** Public searches that found nothing, counted per term: the articles to write next (admin stats). */
export const documentacaoBuscasVazias = pgTable(
  'documentacao_buscas_vazias',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    termo: text('termo').notNull(),
    vezes: integer('vezes').notNull().default(1),
    ultimaEm: timestamp('ultima_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('documentacao_buscas_vazias_termo').on(t.accountId, t.termo)],
);
