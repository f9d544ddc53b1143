import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { canais, visitantes } from './atendimentos';

/**
 * A file a website visitor uploaded. A message names it by id and stores what is recorded here (never a URL
 * or a name the visitor sent). Files no message used are deleted after a grace period by the cleanup job;
 * their record stays (removidoEm set) until the daily byte cap no longer needs it.
 */
export const widgetUploads = pgTable(
  'widget_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    canalId: uuid('canal_id')
      .notNull()
      .references(() => canais.id, { onDelete: 'cascade' }),
    visitanteId: uuid('visitante_id')
      .notNull()
      .references(() => visitantes.id, { onDelete: 'cascade' }),
    /** Public URL under /backend/uploads/widget/, a random name the server chose. */
    url: text('url').notNull(),
    nome: text('nome').notNull(),
    mimeType: text('mime_type').notNull(),
    tamanho: integer('tamanho').notNull(),
    /** Set by the first message that attached it: from then on the cleanup keeps it. */
    usadoEm: timestamp('usado_em', { withTimezone: true }),
    /** The cleanup deleted the file (never used in time). */
    removidoEm: timestamp('removido_em', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('widget_uploads_visitante').on(t.visitanteId, t.createdAt),
    index('widget_uploads_pendentes').on(t.createdAt).where(sql`${t.usadoEm} is null and ${t.removidoEm} is null`),
  ],
);
export type WidgetUploadRow = typeof widgetUploads.$inferSelect;
