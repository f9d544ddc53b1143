import { type AnyColumn, and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { CONVERSAS_PAGE_SIZE, type TConversasPage, type TConversasQuery } from '@balcao/shared/atendimentos';
import { atendimentos, clientes } from '../../db/schema/atendimentos';
import { type Db, perDatabase } from '../../lib/db';
import { isSupervisor, type TStaff, visibleTo } from './policy';
import type { AtendimentoJoined } from './presenter';
import { likePattern, selectAtendimentos } from './queries';

/** The tabs with a count beside them: the open ones (a count of the finished would grow with the account's history). */
const ABERTOS = ['aguardando', 'em_atendimento'] as const;

const p = sql.placeholder;

/**
 * The parts of a list request that change the statement's text (the rest are its values): who asks (all of
 * the account, or an atendente's queue with or without a department), and which filters are given.
 */
type Forma = {
  /** Who asks, as far as the statement's text goes (the statement is built with the first to ask). */
  quem: 'todos' | 'fila_do_departamento' | 'fila_sem_departamento';
  staff: TStaff;
  departamento: boolean;
  busca: boolean;
  cursor: boolean;
  /** The web app's page size, written into the statement (LIMITE_ESCRITO); any other size is a value. */
  limiteEscrito: boolean;
};

/**
 * Why the web app's page size is written into the statement: with its LIMIT as a value Postgres plans the page
 * again at every run, as a generic plan cannot see the LIMIT (2.7 ms planning against 0.4 ms executing on the
 * large account); written, the kept statement's generic plan is that same plan, planned once, and PGlite keeps
 * it too (db/pglite-worker.mjs, isPage). One size only, so a client cannot make a statement per size.
 */
const LIMITE_ESCRITO = CONVERSAS_PAGE_SIZE + 1;

function filtros(f: Forma): SQL | undefined {
  const busca = (col: AnyColumn) => sql`${col} ilike ${p('busca')}`;
  return and(
    eq(atendimentos.accountId, p('accountId')),
    visibleTo(f.staff, { id: p('staffId'), departamentoId: p('staffDepartamentoId') }),
    f.departamento ? eq(atendimentos.departamentoId, p('departamentoId')) : undefined,
    f.busca ? or(busca(clientes.nome), busca(clientes.numero), busca(clientes.email)) : undefined,
  );
}

/** Kept statements by a key of their form: made at their first use, one set per database. */
function keptBy<F, T>(key: (f: F) => string, make: (db: Db, f: F, name: string) => T) {
  return perDatabase((db: Db) => {
    const kept = new Map<string, T>();
    return (f: F) => {
      const k = key(f);
      let made = kept.get(k);
      if (made === undefined) {
        made = make(db, f, k);
        kept.set(k, made);
      }
      return made;
    };
  });
}

const filtrosChave = (f: Forma) => `${f.quem}_${Number(f.departamento)}${Number(f.busca)}`;

/**
 * Each form's page and counts are built once per database and run as named prepared statements. Why: a list
 * request built both with Drizzle at every call, ~4.5 ms of the server's CPU a request (a profile of the large
 * account's list, 300 requests), more than the database's work for the page.
 */
const paginas = keptBy(
  (f: Forma) => `${filtrosChave(f)}${Number(f.cursor)}${Number(f.limiteEscrito)}`,
  (db, f, k) => {
    const depois = f.cursor
      ? or(
          lt(atendimentos.ultimaMensagemEm, p('cursorEm')),
          and(eq(atendimentos.ultimaMensagemEm, p('cursorEm')), lt(atendimentos.id, p('cursorId'))),
        )
      : undefined;
    return (
      selectAtendimentos(db, and(filtros(f), eq(atendimentos.status, p('status')), depois))
        .orderBy(desc(atendimentos.ultimaMensagemEm), desc(atendimentos.id))
        // Drizzle's limit() is typed number | Placeholder; SQL text is what it writes for either.
        .limit(f.limiteEscrito ? (sql.raw(String(LIMITE_ESCRITO)) as unknown as number) : p('limit'))
        .prepare(`balcao_conversas_${k}`)
    );
  },
);

const contagens = keptBy(filtrosChave, (db, f: Forma, k) => {
  // The customer is joined only to search by them: every atendimento has one (cliente_id is not null).
  const counted = db.select({ status: atendimentos.status, n: sql<number>`count(*)::int` }).from(atendimentos).$dynamic();
  return (f.busca ? counted.innerJoin(clientes, eq(clientes.id, atendimentos.clienteId)) : counted)
    .where(and(filtros(f), inArray(atendimentos.status, [...ABERTOS])))
    .groupBy(atendimentos.status)
    .prepare(`balcao_contagens_${k}`);
});

/** A page of the conversation list as `staff` sees it, newest activity first, with the open tabs' counts. */
export async function conversasPage(
  db: Db,
  staff: TStaff,
  q: TConversasQuery,
  after: { at: Date; id: string } | null,
): Promise<{ rows: AtendimentoJoined[]; contagens: TConversasPage['contagens'] }> {
  const quem = isSupervisor(staff) ? 'todos' : staff.departamentoId ? 'fila_do_departamento' : 'fila_sem_departamento';
  const forma: Forma = {
    quem,
    staff,
    departamento: !!q.departamentoId,
    busca: !!q.busca,
    cursor: !!after,
    limiteEscrito: q.limit + 1 === LIMITE_ESCRITO,
  };
  const values = {
    accountId: staff.accountId,
    staffId: staff.id,
    staffDepartamentoId: staff.departamentoId,
    departamentoId: q.departamentoId,
    busca: q.busca ? likePattern(q.busca) : undefined,
    status: q.status,
    cursorEm: after?.at.toISOString(),
    cursorId: after?.id,
    limit: q.limit + 1,
  };
  const [rows, contados] = await Promise.all([paginas(db)(forma).execute(values), contagens(db)(forma).execute(values)]);
  const abertos = { aguardando: 0, em_atendimento: 0 };
  for (const c of contados) if (c.status !== 'finalizado') abertos[c.status] = c.n;
  return { rows: rows as AtendimentoJoined[], contagens: abertos };
}
