import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { TDashboardResult } from '@balcao/shared/dashboard';
import { accounts } from '../../db/schema/accounts';
import { atendimentos } from '../../db/schema/atendimentos';
import type { Db } from '../../lib/db';

/** Longest list the dialog's table receives. */
const LISTA_MAX = 500;
export type Periodo = { accountId: string; atendenteId: string | null; dataInicio: string; dataFim: string };

/** Local times of the account's zone (the spec's ISO without Z) as instants, computed by the database. */
function range(p: Periodo, col: typeof atendimentos.inicio | typeof atendimentos.fim): SQL {
  const tz = sql`(select ${accounts.timeZone} from ${accounts} where ${accounts.id} = ${p.accountId})`;
  return and(gte(col, sql`(${p.dataInicio}::timestamp at time zone ${tz})`), lte(col, sql`(${p.dataFim}::timestamp at time zone ${tz})`))!;
}
const byAtendente = (p: Periodo) => (p.atendenteId ? eq(atendimentos.atendenteId, p.atendenteId) : undefined);

/** The four cards: finished in the period, open ones started in it, average rating, average duration. */
export async function dashboard(db: Db, p: Periodo): Promise<TDashboardResult> {
  const scope = and(eq(atendimentos.accountId, p.accountId), byAtendente(p));
  const [fin] = await db
    .select({
      n: sql<number>`count(*)::int`,
      nota: sql<string | null>`avg(${atendimentos.nota})`,
      minutos: sql<string | null>`avg(extract(epoch from (${atendimentos.fim} - ${atendimentos.inicio})) / 60)`,
    })
    .from(atendimentos)
    .where(and(scope, eq(atendimentos.status, 'finalizado'), range(p, atendimentos.fim)));
  const [abertos] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(atendimentos)
    .where(and(scope, inArray(atendimentos.status, ['aguardando', 'em_atendimento']), range(p, atendimentos.inicio)));
  const nota = fin?.nota === null || fin?.nota === undefined ? null : Math.round(Number(fin.nota) * 100) / 100;
  const minutos = fin?.minutos === null || fin?.minutos === undefined ? null : (Math.round(Number(fin.minutos) * 100) / 100).toString();
  return { atendimentosFinalizados: fin?.n ?? 0, atendimentosAbertos: abertos?.n ?? 0, notaMedia: nota, tempoMedioAtendimento: minutos };
}

/** The table: finished atendimentos of the period, newest first. */
export async function lista(db: Db, p: Periodo) {
  const rows = await db
    .select({ ticket: atendimentos.ticket, inicio: atendimentos.inicio, fim: atendimentos.fim, nota: atendimentos.nota })
    .from(atendimentos)
    .where(and(eq(atendimentos.accountId, p.accountId), byAtendente(p), eq(atendimentos.status, 'finalizado'), range(p, atendimentos.fim)))
    .orderBy(desc(atendimentos.fim))
    .limit(LISTA_MAX);
  return rows.map((r) => ({ ticket: r.ticket, inicio: r.inicio.toISOString(), fim: r.fim?.toISOString() ?? null, nota: r.nota }));
}

/** The attendant's average rating for the current user's `notaMedia`. */
export async function notaMedia(db: Db, atendenteId: string): Promise<number | null> {
  const [row] = await db
    .select({ nota: sql<string | null>`avg(${atendimentos.nota})` })
    .from(atendimentos)
    .where(eq(atendimentos.atendenteId, atendenteId));
  return row?.nota === null || row?.nota === undefined ? null : Math.round(Number(row.nota) * 100) / 100;
}
