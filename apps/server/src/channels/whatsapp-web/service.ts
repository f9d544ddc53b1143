import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { TEstadoIntegracao } from '@balcao/shared/canais';
import type { TWapiSessao, TWapiStatus } from '@balcao/shared/wapi';
import { asCanal, canais, type WapiCanalRow } from '../../db/schema/atendimentos';
import { wapiSessoes, type WapiSessaoRow } from '../../db/schema/wapi';
import type { SecretCipher } from '../../lib/cipher';
import type { Db } from '../../lib/db';

export type Wapi = { canal: WapiCanalRow; sessao: WapiSessaoRow };

/** The account's WhatsApp Web channel and session, if it ever started one. */
export async function findWapi(db: Db, accountId: string): Promise<Wapi | null> {
  const [row] = await db
    .select({ canal: canais, sessao: wapiSessoes })
    .from(wapiSessoes)
    .innerJoin(canais, eq(canais.id, wapiSessoes.canalId))
    .where(and(eq(wapiSessoes.accountId, accountId), eq(canais.tipo, 'wapi'), isNull(canais.removidoEm)))
    .limit(1);
  return row ? { canal: asCanal(row.canal) as WapiCanalRow, sessao: row.sessao } : null;
}

/**
 * The first 'conectar' creates the channel (where its conversations open) and its session row. Concurrent first
 * calls meet on the one-live-channel-per-account index and all use the channel that won; a session row left by a
 * channel removed earlier is dropped so the new channel gets its own.
 */
export async function ensureWapi(db: Db, cipher: SecretCipher, accountId: string): Promise<Wapi> {
  const found = await findWapi(db, accountId);
  if (found) return found;
  await db
    .insert(canais)
    .values({
      accountId,
      tipo: 'wapi',
      nome: 'WhatsApp Web',
      token: randomBytes(18).toString('base64url'),
      // The pairing's secrets are the keys in wapi_chaves; this column holds nothing for WhatsApp Web.
      segredoCifrado: cipher.encrypt(''),
      config: { departamentoPadraoId: null },
    })
    .onConflictDoNothing();
  const [canal] = await db
    .select({ id: canais.id })
    .from(canais)
    .where(and(eq(canais.accountId, accountId), eq(canais.tipo, 'wapi'), isNull(canais.removidoEm)))
    .limit(1);
  if (!canal) throw new Error('WhatsApp Web: canal não criado');
  await db.delete(wapiSessoes).where(and(eq(wapiSessoes.accountId, accountId), ne(wapiSessoes.canalId, canal.id)));
  await db.insert(wapiSessoes).values({ canalId: canal.id, accountId }).onConflictDoNothing();
  const made = await findWapi(db, accountId);
  if (!made) throw new Error('WhatsApp Web: sessão não criada');
  return made;
}

export async function patchSessao(db: Db, canalId: string, patch: Partial<WapiSessaoRow>) {
  const [row] = await db
    .update(wapiSessoes)
    .set({ ...patch, atualizadoEm: new Date() })
    .where(eq(wapiSessoes.canalId, canalId))
    .returning();
  return row ?? null;
}

export const presentSessao = (w: Wapi | null): TWapiSessao => ({
  estado: w?.sessao.estado ?? 'desconectado',
  qr: w?.sessao.estado === 'qr' ? w.sessao.qr : null,
  codigoPareamento: w?.sessao.estado === 'qr' ? w.sessao.codigoPareamento : null,
  numero: w?.sessao.numero ?? null,
  nome: w?.sessao.nome ?? null,
  erro: w?.sessao.erro ?? null,
  ativo: w?.canal.ativo ?? false,
});

/** The messaging API's status (spec part 1 §3): connected only while the socket is open. */
export const presentStatus = (w: Wapi | null): TWapiStatus => ({
  connected: w?.sessao.estado === 'conectado',
  phoneNumber: w?.sessao.estado === 'conectado' ? w.sessao.numero : null,
});

/** configWAPI: connected while paired (open, or paused on purpose), active while the socket is open. */
export const wapiIntegracao = (w: Wapi | null): TEstadoIntegracao => ({
  conectado: w?.sessao.estado === 'conectado' || w?.sessao.estado === 'pausado',
  ativo: w?.sessao.estado === 'conectado',
});
