import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ESTADOS_WAPI } from '@balcao/shared/wapi';
import { accounts } from './accounts';
import { atendimentos, canais } from './atendimentos';

/**
 * WhatsApp Web's auth state, one row per key: the creds (`tipo` 'creds', `chave` '') and every signal key
 * Baileys asks for by type and id (pre-key, session, sender-key, app-state-sync-key, lid-mapping,
 * device-list, tctoken...). `valor` is the BufferJSON text, AES-256-GCM encrypted like other channel secrets.
 */
export const wapiChaves = pgTable(
  'wapi_chaves',
  {
    canalId: uuid('canal_id')
      .notNull()
      .references(() => canais.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    chave: text('chave').notNull(),
    valor: text('valor').notNull(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.canalId, t.tipo, t.chave] })],
);

/**
 * The WhatsApp Web session of a channel, shared by every instance: what the screen shows (state, latest QR,
 * pairing code, number, reason) and who runs the socket. `querConectado` is the master's wish (conectar sets
 * it, desconectar and pausar clear it); the instance holding the lease (`dono` until `leaseAte`) runs the
 * socket and renews the lease; another takes over once it has expired.
 */
export const wapiSessoes = pgTable('wapi_sessoes', {
  canalId: uuid('canal_id')
    .primaryKey()
    .references(() => canais.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .unique()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  estado: text('estado', { enum: ESTADOS_WAPI }).notNull().default('desconectado'),
  querConectado: boolean('quer_conectado').notNull().default(false),
  qr: text('qr'),
  qrEmitidos: integer('qr_emitidos').notNull().default(0),
  codigoPareamento: text('codigo_pareamento'),
  /** Asked through 'pareamento': the owner requests a code for it once the socket is up. */
  numeroPareamento: text('numero_pareamento'),
  numero: text('numero'),
  nome: text('nome'),
  erro: text('erro'),
  dono: text('dono'),
  leaseAte: timestamp('lease_ate', { withTimezone: true }),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
});
export type WapiSessaoRow = typeof wapiSessoes.$inferSelect;

/**
 * Blue ticks asked for (an attendant opened the conversation, `.../lidas`) on whichever instance served it: the
 * instance that runs the channel's socket takes them from here with its send queue and tells WhatsApp. One row
 * per conversation: asking twice before it is sent sends once.
 */
export const wapiLeituras = pgTable(
  'wapi_leituras',
  {
    canalId: uuid('canal_id')
      .notNull()
      .references(() => canais.id, { onDelete: 'cascade' }),
    atendimentoId: uuid('atendimento_id')
      .notNull()
      .references(() => atendimentos.id, { onDelete: 'cascade' }),
    pedidaEm: timestamp('pedida_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.canalId, t.atendimentoId] })],
);
