import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { TIPOS_CANAL } from '@balcao/shared/canais';
import { PERIODO_DIAS, VISAO_GERAL_TEXTS, type TVisaoGeral, type ZVisaoGeralQuery } from '@balcao/shared/dashboard';
import { ONLINE_JANELA_MS } from '@balcao/shared/usuarios';
import type { z } from 'zod';
import { accounts } from '../../db/schema/accounts';
import { atendimentos } from '../../db/schema/atendimentos';
import { departamentos } from '../../db/schema/departamentos';
import { users } from '../../db/schema/users';
import type { Db } from '../../lib/db';
import { NotFound } from '../../lib/errors';

type Query = z.output<typeof ZVisaoGeralQuery>;
type Rows<T> = { rows: T[] };

const DAY_MS = 86_400_000;
/** The calendar day of `now` in a time zone, as YYYY-MM-DD. */
const diaEm = (timeZone: string, now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
const somaDias = (dia: string, n: number) => new Date(Date.parse(`${dia}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The first and last calendar day of the period (spec part 1 §9: Dia today, Semana 7 days, Mês 30 days). */
function diasDoPeriodo(q: Query, timeZone: string, now: Date): { dataInicio: string; dataFim: string } {
  if (q.periodo === 'personalizado') return { dataInicio: q.dataInicio!, dataFim: q.dataFim! };
  const hoje = diaEm(timeZone, now);
  return { dataInicio: somaDias(hoje, 1 - PERIODO_DIAS[q.periodo]), dataFim: hoje };
}

/** Sets the first-response instant the first time an attendant answers (the overview's first-response time). */
export async function markFirstResponse(tx: Db, atendimentoId: string): Promise<void> {
  await tx
    .update(atendimentos)
    .set({ primeiraRespostaEm: sql`now()` })
    .where(and(eq(atendimentos.id, atendimentoId), isNull(atendimentos.primeiraRespostaEm)));
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const round2 = (v: unknown): number | null => {
  const n = num(v);
  return n === null ? null : Math.round(n * 100) / 100;
};

/**
 * The overview dashboard (issue 10), aggregated in the database: one pass over the atendimentos started in the
 * period (per day and channel, per hour, per department, first response) and one over those finished in it
 * (per department, per attendant, durations and ratings), through the (account, inicio) and (account, fim) indexes.
 */
export async function visaoGeral(db: Db, accountId: string, q: Query, now = new Date()): Promise<TVisaoGeral> {
  const [account] = await db.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw new NotFound();
  const tz = account.timeZone;
  if (q.departamentoId) {
    const [dep] = await db
      .select({ id: departamentos.id })
      .from(departamentos)
      .where(and(eq(departamentos.id, q.departamentoId), eq(departamentos.accountId, accountId)));
    if (!dep) throw new NotFound('Departamento não encontrado.');
  }
  if (q.atendenteId) {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, q.atendenteId), eq(users.accountId, accountId)));
    if (!u) throw new NotFound('Usuário não encontrado.');
  }
  const { dataInicio, dataFim } = diasDoPeriodo(q, tz, now);
  const ini = sql`((${dataInicio}::date)::timestamp at time zone ${tz})`;
  const fim = sql`((${dataFim}::date + 1)::timestamp at time zone ${tz})`;
  const filtros: SQL[] = [];
  if (q.departamentoId) filtros.push(sql` and departamento_id = ${q.departamentoId}`);
  if (q.atendenteId) filtros.push(sql` and atendente_id = ${q.atendenteId}`);
  const f = sql.join(filtros, sql``);

  const bounds = (await db.execute(sql`select ${ini} as ini, ${fim} as fim`)) as unknown as Rows<{
    ini: Date | string;
    fim: Date | string;
  }>;
  const iso = (v: Date | string) => new Date(v).toISOString();

  type R1 = {
    g_dia: number;
    g_hora: number;
    g_dep: number;
    dia: string | null;
    canal: string | null;
    hora: number | null;
    dep: string | null;
    n: number;
    frt: number | null;
  };
  const started = (await db.execute(sql`
    select grouping(dia)::int as g_dia, grouping(hora)::int as g_hora, grouping(dep)::int as g_dep,
           dia, canal, hora, dep, count(*)::int as n,
           avg(extract(epoch from primeira_resposta_em - inicio))::float8 as frt
    from (
      select to_char(inicio at time zone ${tz}, 'YYYY-MM-DD') as dia,
             case when origem = 'whatsapp' then 'whatsapp' else 'widget' end as canal,
             extract(hour from inicio at time zone ${tz})::int as hora,
             departamento_id as dep, inicio, primeira_resposta_em
      from atendimentos
      where account_id = ${accountId} and inicio >= ${ini} and inicio < ${fim}${f}
    ) x
    group by grouping sets ((dia, canal), (hora), (dep), ())`)) as unknown as Rows<R1>;

  type R2 = {
    g_dep: number;
    g_at: number;
    dep: string | null;
    at: string | null;
    n: number;
    dur: number | null;
    nota: number | null;
    avaliacoes: number;
  };
  const finished = (await db.execute(sql`
    select grouping(departamento_id)::int as g_dep, grouping(atendente_id)::int as g_at,
           departamento_id as dep, atendente_id as at, count(*)::int as n,
           avg(extract(epoch from fim - inicio))::float8 as dur, avg(nota)::float8 as nota, count(nota)::int as avaliacoes
    from atendimentos
    where account_id = ${accountId} and status = 'finalizado' and fim >= ${ini} and fim < ${fim}${f}
    group by grouping sets ((departamento_id), (atendente_id), ())`)) as unknown as Rows<R2>;

  const waiting = (await db.execute(sql`
    select count(*)::int as n from atendimentos
    where account_id = ${accountId} and status = 'aguardando'${f}`)) as unknown as Rows<{ n: number }>;

  const s1 = started.rows;
  const s2 = finished.rows;
  const total1 = s1.find((r) => r.g_dia && r.g_hora && r.g_dep);
  const total2 = s2.find((r) => r.g_dep && r.g_at);

  const porDiaMap = new Map<string, Record<string, number>>();
  for (const r of s1) if (!r.g_dia && r.dia && r.canal) porDiaMap.set(r.dia, { ...porDiaMap.get(r.dia), [r.canal]: Number(r.n) });
  const porDia: TVisaoGeral['porDia'] = [];
  for (let d = dataInicio; d <= dataFim; d = somaDias(d, 1)) {
    const c = porDiaMap.get(d) ?? {};
    const row = { dia: d, total: 0, widget: 0, whatsapp: 0 };
    for (const t of TIPOS_CANAL) {
      row[t] = c[t] ?? 0;
      row.total += row[t];
    }
    porDia.push(row);
  }
  const porHora = Array.from({ length: 24 }, (_, hora) => ({
    hora,
    total: Number(s1.find((r) => !r.g_hora && r.hora === hora)?.n ?? 0),
  }));

  const deps = await db
    .select({ id: departamentos.id, nome: departamentos.nome })
    .from(departamentos)
    .where(eq(departamentos.accountId, accountId));
  const depNome = new Map(deps.map((d) => [d.id, d.nome]));
  const depIds = new Set<string | null>([...s1.filter((r) => !r.g_dep).map((r) => r.dep), ...s2.filter((r) => !r.g_dep).map((r) => r.dep)]);
  const porDepartamento = [...depIds]
    .map((id) => ({
      departamentoId: id,
      nome: (id && depNome.get(id)) || VISAO_GERAL_TEXTS.semDepartamento,
      abertos: Number(s1.find((r) => !r.g_dep && r.dep === id)?.n ?? 0),
      finalizados: Number(s2.find((r) => !r.g_dep && r.dep === id)?.n ?? 0),
    }))
    .sort((a, b) => b.abertos + b.finalizados - (a.abertos + a.finalizados) || a.nome.localeCompare(b.nome, 'pt-BR'));

  // Attendants: active admin and atendente users (in the department filtered on), and anyone who finished something.
  const porAtendente = s2.filter((r) => !r.g_at && r.at);
  const ids = porAtendente.map((r) => r.at!);
  const pessoas = await db
    .select({
      id: users.id,
      nome: users.nome,
      fotoUrl: users.fotoUrl,
      online: users.online,
      ativo: users.ativo,
      lastHeartbeatAt: users.lastHeartbeatAt,
    })
    .from(users)
    .where(
      and(
        eq(users.accountId, accountId),
        or(
          and(
            eq(users.ativo, true),
            inArray(users.role, ['admin', 'atendente']),
            q.departamentoId ? eq(users.departamentoId, q.departamentoId) : undefined,
            q.atendenteId ? eq(users.id, q.atendenteId) : undefined,
          ),
          ids.length ? inArray(users.id, ids) : sql`false`,
        ),
      ),
    );
  const atendentes = pessoas
    .map((p) => {
      const r = porAtendente.find((x) => x.at === p.id);
      return {
        id: p.id,
        nome: p.nome,
        fotoUrl: p.fotoUrl,
        finalizados: Number(r?.n ?? 0),
        tempoMedioAtendimento: round2(r?.dur),
        notaMedia: round2(r?.nota),
        avaliacoes: Number(r?.avaliacoes ?? 0),
        online: p.ativo && p.online && !!p.lastHeartbeatAt && now.getTime() - p.lastHeartbeatAt.getTime() < ONLINE_JANELA_MS,
      };
    })
    .sort((a, b) => b.finalizados - a.finalizados || a.nome.localeCompare(b.nome, 'pt-BR'));

  return {
    periodo: { dataInicio, dataFim, inicio: iso(bounds.rows[0]!.ini), fim: iso(bounds.rows[0]!.fim), timeZone: tz },
    cards: {
      abertos: Number(total1?.n ?? 0),
      finalizados: Number(total2?.n ?? 0),
      aguardandoAgora: Number(waiting.rows[0]?.n ?? 0),
      tempoMedioPrimeiraResposta: round2(total1?.frt),
      tempoMedioAtendimento: round2(total2?.dur),
      notaMedia: round2(total2?.nota),
      avaliacoes: Number(total2?.avaliacoes ?? 0),
    },
    porDia,
    porHora,
    porDepartamento,
    atendentes,
  };
}
