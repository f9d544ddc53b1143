import { LRUCache } from 'lru-cache';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  CONSENTIMENTO_CONFIG_PADRAO,
  CONSENTIMENTO_TEXTS,
  FINALIDADES,
  type TConsentimentoConfig,
  type TEstadoConsentimento,
  type TFinalidade,
} from '@balcao/shared/consentimento';
import { consentimentoConfig, consentimentoEventos, type ConsentimentoEventoRow } from '../../db/schema/consentimento';
import { users } from '../../db/schema/users';
import type { Db } from '../../lib/db';

/** A customer's history, newest first, with the attendant's name where one recorded it. */
export function historicoDe(db: Db, accountId: string, clienteId: string) {
  return db
    .select({ e: consentimentoEventos, atendenteNome: users.nome })
    .from(consentimentoEventos)
    .leftJoin(users, eq(users.id, consentimentoEventos.atendenteId))
    .where(and(eq(consentimentoEventos.accountId, accountId), eq(consentimentoEventos.clienteId, clienteId)))
    .orderBy(desc(consentimentoEventos.em), desc(consentimentoEventos.id))
    .limit(200);
}

/**
 * The state per purpose from the history: the latest answer (accepted, declined, revoked) wins; a request after
 * it does not undo it; only a request and no answer reads 'solicitado'.
 */
export function estadosDe(historico: Pick<ConsentimentoEventoRow, 'finalidade' | 'evento' | 'em'>[]) {
  return FINALIDADES.map((finalidade) => {
    const deste = historico.filter((e) => e.finalidade === finalidade);
    const resposta = deste.find((e) => e.evento !== 'solicitado');
    const pedido = deste.find((e) => e.evento === 'solicitado');
    const estado: TEstadoConsentimento = resposta ? resposta.evento : pedido ? 'solicitado' : 'nunca_solicitado';
    return { finalidade, estado, em: (resposta ?? pedido)?.em ?? null };
  });
}

/** The latest answer of one purpose for these customers (none: never answered). */
export async function respostasDe(db: Db, accountId: string, clienteIds: string[], finalidade: TFinalidade) {
  if (!clienteIds.length) return new Map<string, TEstadoConsentimento>();
  const rows = await db
    .selectDistinctOn([consentimentoEventos.clienteId], { clienteId: consentimentoEventos.clienteId, evento: consentimentoEventos.evento })
    .from(consentimentoEventos)
    .where(
      and(
        eq(consentimentoEventos.accountId, accountId),
        inArray(consentimentoEventos.clienteId, clienteIds),
        eq(consentimentoEventos.finalidade, finalidade),
        inArray(consentimentoEventos.evento, ['aceito', 'recusado', 'revogado']),
      ),
    )
    .orderBy(consentimentoEventos.clienteId, desc(consentimentoEventos.em), desc(consentimentoEventos.id));
  return new Map(rows.map((r) => [r.clienteId, r.evento as TEstadoConsentimento]));
}

/**
 * Short one-word messages ('ok', 'oi') are common: the account's words are kept a few seconds per instance
 * so ingest asks the database once per account and period, not per message. A change shows here at once and
 * on other instances within CONFIG_TTL_MS.
 */
const CONFIG_TTL_MS = 10_000;
const configKept = new LRUCache<string, TConsentimentoConfig>({ max: 10_000, ttl: CONFIG_TTL_MS });
export async function configCacheada(db: Db, accountId: string) {
  const hit = configKept.get(accountId);
  if (hit) return hit;
  const config = await configDe(db, accountId);
  configKept.set(accountId, config);
  return config;
}
export const esquecerConfig = (accountId: string) => configKept.delete(accountId);

export async function configDe(db: Db, accountId: string): Promise<TConsentimentoConfig> {
  const [row] = await db.select().from(consentimentoConfig).where(eq(consentimentoConfig.accountId, accountId)).limit(1);
  if (!row) return CONSENTIMENTO_CONFIG_PADRAO;
  const { accountId: _, ...config } = row;
  return config;
}

/**
 * Why a proactive WhatsApp message to this customer is refused (they declined or revoked), or null. A customer
 * never asked is allowed: the account decides (Configurações says so).
 */
export async function recusaWhatsApp(db: Db, accountId: string, clienteId: string): Promise<string | null> {
  const estado = (await respostasDe(db, accountId, [clienteId], 'whatsapp')).get(clienteId);
  return estado === 'recusado' || estado === 'revogado' ? CONSENTIMENTO_TEXTS.recusadoWhatsApp : null;
}

/** The latest answer about WhatsApp messages, for a warning where a proactive message is written (null: never answered). */
export async function estadoWhatsApp(db: Db, accountId: string, clienteId: string) {
  return respostaFinal((await respostasDe(db, accountId, [clienteId], 'whatsapp')).get(clienteId));
}

/** An answer as the screens show it beside a customer (null: never answered). */
export const respostaFinal = (e: TEstadoConsentimento | undefined) => (e === 'aceito' || e === 'recusado' || e === 'revogado' ? e : null);
