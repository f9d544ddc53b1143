import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { EXIBICAO_ORIGEM, TIPOS_CANAL } from '@balcao/shared/canais';
import { PERIODO_DIAS, VISAO_GERAL_TEXTS, type TVisaoGeral, type ZVisaoGeralQuery } from '@balcao/shared/dashboard';
import { ONLINE_JANELA_MS } from '@balcao/shared/usuarios';
import type { z } from 'zod';
import { accounts } from '../../db/schema/accounts';
import { atendimentos } from '../../db/schema/atendimentos';
import { departamentos } from '../../db/schema/departamentos';
import { etiquetas } from '../../db/schema/etiquetas';
import { users } from '../../db/schema/users';
import type { Db } from '../../lib/db';
import { NotFound } from '../../lib/errors';

/** The channel column of a conversation's origem, as the shared table says (constants of our code, inlined). */
const CANAL_DA_ORIGEM = sql.raw(
  `case origem ${Object.entries(EXIBICAO_ORIGEM)
    .map(([origem, e]) => `when '${origem}' then '${e.tipo}'`)
    .join(' ')} end`,
);

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

/** Minutes of the zone's UTC offsets over the days of a period, cached: a zone's whole-hour habit does not change. */
const offsetMinutes = new Map<string, Set<number>>();
const OFFSET_CACHE_MAX = 500;
/**
 * The widest bucket (60, 30 or 15 minutes) whose UTC boundaries are also local-hour boundaries in the zone on
 * every day of the period: whole-hour zones (all of Brazil) take hours, India 30 minutes, Nepal 15.
 */
export function binMinutes(timeZone: string, dataInicio: string, dataFim: string): 60 | 30 | 15 {
  const key = `${timeZone}|${dataInicio}|${dataFim}`;
  let minutes = offsetMinutes.get(key);
  if (!minutes) {
    minutes = new Set<number>();
    const f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    // Twice a day from the day before to the day after: no zone keeps an offset for less than a day.
    for (let d = somaDias(dataInicio, -1); d <= somaDias(dataFim, 1); d = somaDias(d, 1))
      for (const at of ['00:00', '12:00']) {
        const m = /GMT[+-]\d{1,2}:?(\d{2})?/.exec(f.format(new Date(`${d}T${at}:00Z`)));
        minutes.add(Number(m?.[1] ?? 0));
      }
    if (offsetMinutes.size >= OFFSET_CACHE_MAX) offsetMinutes.clear();
    offsetMinutes.set(key, minutes);
  }
  if ([...minutes].every((m) => m === 0)) return 60;
  return [...minutes].every((m) => m % 30 === 0) ? 30 : 15;
}

/**
 * The first-response instant, set the first time an attendant answers (the overview's first-response time):
 * columns for the update that stores the answer's preview, so the answer stays one statement.
 */
export const firstResponse = () => ({ primeiraRespostaEm: sql`coalesce(${atendimentos.primeiraRespostaEm}, now())` });

const round2 = (n: number) => Math.round(n * 100) / 100;
type Soma = { n: number; durs: number; notas: number; avaliacoes: number };
const somar = (acc: Soma, v: Soma): Soma => {
  acc.n += v.n;
  acc.durs += v.durs;
  acc.notas += v.notas;
  acc.avaliacoes += v.avaliacoes;
  return acc;
};

/**
 * The overview dashboard, aggregated in the database: one pass over the atendimentos started in the
 * period (by local hour, channel and department, with first-response sums) and one over those finished in it
 * (by department and attendant, with duration and rating sums), through the (account, inicio) and
 * (account, fim) indexes; the few grouped rows are rolled up here into days, hours, departments and totals.
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

  // The independent reads go out together: on PostgreSQL they run on separate pool connections at once.
  const boundsQ = db.execute(sql`select ${ini} as ini, ${fim} as fim`) as unknown as Promise<
    Rows<{ ini: Date | string; fim: Date | string }>
  >;
  const iso = (v: Date | string) => new Date(v).toISOString();

  // Started in the period: one hash aggregate by UTC bucket, channel and department, then by local hour. The
  // bucket is the widest that always lies within one local hour (an hour for São Paulo, 30 or 15 minutes for
  // zones like India or Nepal): converting a few hundred buckets instead of every row to the zone, and hashing
  // into few groups, is what keeps this fast on the embedded database. Interval sums, not per-row numeric epochs.
  type R1 = { h: string; canal: string; dep: string | null; n: number; frs: number | null; frn: number };
  const bin = `${binMinutes(tz, dataInicio, dataFim)} minutes`;
  const startedQ = db.execute(sql`
    select to_char(b at time zone ${tz}, 'YYYY-MM-DD HH24') as h, canal, dep,
           sum(n)::int as n, extract(epoch from sum(frs))::float8 as frs, sum(frn)::int as frn
    from (
      select date_bin(${bin}::interval, inicio, timestamptz '2000-01-01 00:00:00+00') as b,
             ${CANAL_DA_ORIGEM} as canal,
             departamento_id as dep, count(*) as n,
             sum(primeira_resposta_em - inicio) as frs, count(primeira_resposta_em) as frn
      from atendimentos
      where account_id = ${accountId} and inicio >= ${ini} and inicio < ${fim}${f}
      group by 1, 2, 3
    ) x
    group by 1, 2, 3`) as unknown as Promise<Rows<R1>>;

  // Finished in the period: by department and attendant; totals rolled up.
  type R2 = { dep: string | null; at: string | null; n: number; durs: number; notas: number | null; avaliacoes: number };
  const finishedQ = db.execute(sql`
    select departamento_id as dep, atendente_id as at, count(*)::int as n,
           extract(epoch from sum(fim - inicio))::float8 as durs, sum(nota)::float8 as notas, count(nota)::int as avaliacoes
    from atendimentos
    where account_id = ${accountId} and status = 'finalizado' and fim >= ${ini} and fim < ${fim}${f}
    group by 1, 2`) as unknown as Promise<Rows<R2>>;

  const waitingQ = db.execute(sql`
    select count(*)::int as n from atendimentos
    where account_id = ${accountId} and status = 'aguardando'${f}`) as unknown as Promise<Rows<{ n: number }>>;
  const depsQ = db
    .select({ id: departamentos.id, nome: departamentos.nome })
    .from(departamentos)
    .where(eq(departamentos.accountId, accountId));
  // Labels of the atendimentos started in the period (the GIN-indexed array unnested; labels without any count 0).
  const labelsQ = db.execute(sql`
    select e.id, e.nome, e.cor, count(x.id)::int as n
    from ${etiquetas} e
    left join (
      select unnest(etiqueta_ids) as id from atendimentos
      where account_id = ${accountId} and inicio >= ${ini} and inicio < ${fim}${f} and cardinality(etiqueta_ids) > 0
    ) x on x.id = e.id
    where e.account_id = ${accountId}
    group by e.id, e.nome, e.cor
    order by 4 desc, lower(e.nome)`) as unknown as Promise<Rows<{ id: string; nome: string; cor: string; n: number }>>;
  const [bounds, started, finished, waiting, deps, labels] = await Promise.all([boundsQ, startedQ, finishedQ, waitingQ, depsQ, labelsQ]);

  const add = <K>(m: Map<K, number>, k: K, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  const porDiaMap = new Map<string, number>();
  const porHoraMap = new Map<number, number>();
  const abertosPorDep = new Map<string | null, number>();
  let abertos = 0;
  let frs = 0;
  let frn = 0;
  for (const r of started.rows) {
    const n = Number(r.n);
    abertos += n;
    frs += Number(r.frs ?? 0);
    frn += Number(r.frn);
    add(porDiaMap, `${r.h.slice(0, 10)}|${r.canal}`, n);
    add(porHoraMap, Number(r.h.slice(11, 13)), n);
    add(abertosPorDep, r.dep, n);
  }
  const porDia: TVisaoGeral['porDia'] = [];
  for (let d = dataInicio; d <= dataFim; d = somaDias(d, 1)) {
    const row = { dia: d, total: 0, widget: 0, whatsapp: 0 };
    for (const t of TIPOS_CANAL) {
      row[t] = porDiaMap.get(`${d}|${t}`) ?? 0;
      row.total += row[t];
    }
    porDia.push(row);
  }
  const porHora = Array.from({ length: 24 }, (_, hora) => ({ hora, total: porHoraMap.get(hora) ?? 0 }));

  const finalizadosPorDep = new Map<string | null, number>();
  const porAtendenteMap = new Map<string, Soma>();
  const fin: Soma = { n: 0, durs: 0, notas: 0, avaliacoes: 0 };
  for (const r of finished.rows) {
    const v = { n: Number(r.n), durs: Number(r.durs ?? 0), notas: Number(r.notas ?? 0), avaliacoes: Number(r.avaliacoes) };
    add(finalizadosPorDep, r.dep, v.n);
    somar(fin, v);
    if (r.at) porAtendenteMap.set(r.at, somar(porAtendenteMap.get(r.at) ?? { n: 0, durs: 0, notas: 0, avaliacoes: 0 }, v));
  }
  const media = (sum: number, n: number) => (n > 0 ? round2(sum / n) : null);

  const depNome = new Map(deps.map((d) => [d.id, d.nome]));
  const depIds = new Set<string | null>([...abertosPorDep.keys(), ...finalizadosPorDep.keys()]);
  const porDepartamento = [...depIds]
    .map((id) => ({
      departamentoId: id,
      nome: (id && depNome.get(id)) || VISAO_GERAL_TEXTS.semDepartamento,
      abertos: abertosPorDep.get(id) ?? 0,
      finalizados: finalizadosPorDep.get(id) ?? 0,
    }))
    .sort((a, b) => b.abertos + b.finalizados - (a.abertos + a.finalizados) || a.nome.localeCompare(b.nome, 'pt-BR'));

  // Attendants: active admin and atendente users (in the department filtered on), and anyone who finished something.
  const ids = [...porAtendenteMap.keys()];
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
      const r = porAtendenteMap.get(p.id);
      return {
        id: p.id,
        nome: p.nome,
        fotoUrl: p.fotoUrl,
        finalizados: r?.n ?? 0,
        tempoMedioAtendimento: r ? media(r.durs, r.n) : null,
        notaMedia: r ? media(r.notas, r.avaliacoes) : null,
        avaliacoes: r?.avaliacoes ?? 0,
        online: p.ativo && p.online && !!p.lastHeartbeatAt && now.getTime() - p.lastHeartbeatAt.getTime() < ONLINE_JANELA_MS,
      };
    })
    .sort((a, b) => b.finalizados - a.finalizados || a.nome.localeCompare(b.nome, 'pt-BR'));

  return {
    periodo: { dataInicio, dataFim, inicio: iso(bounds.rows[0]!.ini), fim: iso(bounds.rows[0]!.fim), timeZone: tz },
    cards: {
      abertos,
      finalizados: fin.n,
      aguardandoAgora: Number(waiting.rows[0]?.n ?? 0),
      tempoMedioPrimeiraResposta: media(frs, frn),
      tempoMedioAtendimento: media(fin.durs, fin.n),
      notaMedia: media(fin.notas, fin.avaliacoes),
      avaliacoes: fin.avaliacoes,
    },
    porDia,
    porHora,
    porDepartamento,
    atendentes,
    porEtiqueta: labels.rows.map((e) => ({ etiquetaId: e.id, nome: e.nome, cor: e.cor, abertos: Number(e.n) })),
  };
}
