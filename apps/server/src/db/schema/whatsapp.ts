import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { canais } from './atendimentos';

/**
 * Meta's webhook deliveries exactly as received (the raw body), stored before the 200 is answered and
 * processed meanwhile or after: a crash loses nothing (the processor resumes unprocessed ones at start).
 * The same body twice (Meta retries) is stored once.
 */
export const whatsappEventos = pgTable(
  'whatsapp_eventos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Its channel's account, always (the key below). */
    accountId: uuid('account_id').notNull(),
    canalId: uuid('canal_id').notNull(),
    /** SHA-256 of the raw body: a redelivery of the same body is the same event. */
    hash: text('hash').notNull(),
    corpo: text('corpo').notNull(),
    recebidoEm: timestamp('recebido_em', { withTimezone: true }).notNull().defaultNow(),
    processadoEm: timestamp('processado_em', { withTimezone: true }),
    /** A claim by a processor (several instances): another may take it only after this time. */
    processandoAte: timestamp('processando_ate', { withTimezone: true }),
    tentativas: integer('tentativas').notNull().default(0),
    erro: text('erro'),
  },
  (t) => [
    // The channel and its account as one key: one check per delivery, and never another account's channel.
    foreignKey({
      name: 'whatsapp_eventos_canal_conta_fk',
      columns: [t.canalId, t.accountId],
      foreignColumns: [canais.id, canais.accountId],
    }).onDelete('cascade'),
    uniqueIndex('whatsapp_eventos_canal_hash').on(t.canalId, t.hash),
    index('whatsapp_eventos_pendentes').on(t.recebidoEm).where(sql`${t.processadoEm} is null`),
    // The processed ones by age, for their deletion after the retention (jobs/whatsapp-entregas.ts). Partial:
    // a delivery enters it when marked processed (an update that changes the index above anyway), not stored.
    index('whatsapp_eventos_processados').on(t.recebidoEm).where(sql`${t.processadoEm} is not null`),
  ],
);
export type WhatsAppEventoRow = typeof whatsappEventos.$inferSelect;
