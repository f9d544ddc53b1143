import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { IA_CHAMADAS_POR_MINUTO, IA_TEXTS, type TIaUsoMes, type TUsoIa } from '@balcao/shared/ia';
import type { AppContext } from '../../context';
import { iaUso } from '../../db/schema/ia';
import { users } from '../../db/schema/users';
import type { Db } from '../../lib/db';
import { AppError } from '../../lib/errors';
import { defaultsOf } from './config';

/** The month usage and the cap count from: its first day, UTC. */
const inicioDoMes = (now = new Date()) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

async function tokensDoMes(db: Db, accountId: string, now = new Date()): Promise<number> {
  const [r] = await db
    .select({ n: sql<string>`coalesce(sum(${iaUso.totalTokens}), 0)` })
    .from(iaUso)
    .where(and(eq(iaUso.accountId, accountId), gte(iaUso.createdAt, inicioDoMes(now))));
  return Number(r?.n ?? 0);
}

/**
 * Before a paid call: the user's pace (a burst of clicks is not a burst of calls) and the operator's monthly
 * cap per account, both 429 with what to do.
 */
export async function assertPodeChamar(ctx: AppContext, accountId: string, userId: string) {
  if ((await ctx.rates.hit(`ia:${userId}`, 60)) > (defaultsOf(ctx).chamadasPorMinuto ?? IA_CHAMADAS_POR_MINUTO))
    throw new AppError(429, 'IA_MUITAS_CHAMADAS', IA_TEXTS.muitasChamadas);
  const limite = defaultsOf(ctx).limiteTokensMes;
  if (limite && (await tokensDoMes(ctx.db, accountId)) >= limite)
    throw new AppError(429, 'IA_LIMITE_MENSAL', IA_TEXTS.limiteMensal(limite));
}

export async function registrarUso(
  db: Db,
  accountId: string,
  usuarioId: string | null,
  tipo: 'chat' | 'transcricao' | 'teste',
  uso: TUsoIa,
) {
  await db.insert(iaUso).values({
    accountId,
    usuarioId,
    tipo,
    promptTokens: uso.promptTokens,
    completionTokens: uso.completionTokens,
    totalTokens: uso.totalTokens,
  });
}

/** GET /ia/uso: this month's requests and tokens by user, and the cap. */
export async function usoDoMes(ctx: AppContext, accountId: string, now = new Date()): Promise<TIaUsoMes> {
  const inicio = inicioDoMes(now);
  const tokens = sql<string>`coalesce(sum(${iaUso.totalTokens}), 0)`;
  const rows = await ctx.db
    .select({ usuarioId: iaUso.usuarioId, nome: users.nome, requisicoes: sql<string>`count(*)`, tokens })
    .from(iaUso)
    .leftJoin(users, eq(users.id, iaUso.usuarioId))
    .where(and(eq(iaUso.accountId, accountId), gte(iaUso.createdAt, inicio)))
    .groupBy(iaUso.usuarioId, users.nome)
    .orderBy(desc(tokens));
  const porUsuario = rows.map((r) => ({
    usuarioId: r.usuarioId,
    nome: r.nome ?? (r.usuarioId ? 'Usuário removido' : 'Transcrição automática'),
    requisicoes: Number(r.requisicoes),
    tokens: Number(r.tokens),
  }));
  return {
    mes: inicio.toISOString().slice(0, 7),
    limiteTokens: defaultsOf(ctx).limiteTokensMes,
    requisicoes: porUsuario.reduce((s, u) => s + u.requisicoes, 0),
    tokens: porUsuario.reduce((s, u) => s + u.tokens, 0),
    porUsuario,
  };
}
