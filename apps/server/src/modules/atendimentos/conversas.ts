import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { CONVERSAS_PAGE_SIZE, type TConversasPage, type TConversasQuery } from '@balcao/shared/atendimentos';
import { atendimentos, atendimentosOrdem, clientes } from '../../db/schema/atendimentos';
import { clienteCorresponde } from '../../lib/busca-cliente';
import { type Db, keptBy, pageLimit } from '../../lib/db';
import { can, type TStaff, visibleTo } from './policy';
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
  /** Who asks: the text depends only on quemPergunta (the statement is built with the first to ask). */
  staff: TStaff;
  departamento: boolean;
  etiqueta: boolean;
  busca: boolean;
  cursor: boolean;
  /** The web app's page size, written into the statement (lib/db.ts pageLimit); any other size is a value. */
  limitWritten: boolean;
};

/** The rows read for the web app's page (one more says whether there is a next page): written into the page (pageLimit). */
const LIMITE_ESCRITO = CONVERSAS_PAGE_SIZE + 1;

function filtros(f: Forma): SQL | undefined {
  return and(
    eq(atendimentos.accountId, p('accountId')),
    visibleTo(f.staff, { id: p('staffId'), departamentoId: p('staffDepartamentoId') }),
    f.departamento ? eq(atendimentos.departamentoId, p('departamentoId')) : undefined,
    f.etiqueta ? sql`${atendimentos.etiquetaIds} @> array[${p('etiquetaId')}]::uuid[]` : undefined,
    f.busca ? clienteCorresponde(clientes, p('busca')) : undefined,
  );
}

/** What of the staff member changes the visibility rule's text (policy.visibleTo). */
const quemPergunta = (s: TStaff) => (can(s, 'verTodos') ? 'todos' : s.departamentoId ? 'fila_do_departamento' : 'fila_sem_departamento');

const filtrosChave = (f: Forma) => `${quemPergunta(f.staff)}_${Number(f.departamento)}${Number(f.busca)}${Number(f.etiqueta)}`;

/**
 * Each form's page and counts are built once per database and run as named prepared statements. Why: a list
 * request built both with Drizzle at every call, which cost more CPU than the database's work for the page.
 */
const paginas = keptBy(
  (f: Forma) => `${filtrosChave(f)}${Number(f.cursor)}${Number(f.limitWritten)}`,
  (db, f, k) => {
    // In the order kept beside each row (atendimentosOrdem): its index gives the page without a sort, so the
    // account and the tab are asked of it too (filtros asks them of atendimentos, joined by id only).
    const o = atendimentosOrdem;
    const depois = f.cursor
      ? or(lt(o.ultimaMensagemEm, p('cursorEm')), and(eq(o.ultimaMensagemEm, p('cursorEm')), lt(o.atendimentoId, p('cursorId'))))
      : undefined;
    return selectAtendimentos(db, and(filtros(f), eq(o.accountId, p('accountId')), eq(o.status, p('status')), depois))
      .innerJoin(o, eq(o.atendimentoId, atendimentos.id))
      .orderBy(desc(o.ultimaMensagemEm), desc(o.atendimentoId))
      .limit(pageLimit(f, LIMITE_ESCRITO))
      .prepare(`balcao_conversas_${k}`);
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
  const forma: Forma = {
    staff,
    departamento: !!q.departamentoId,
    etiqueta: !!q.etiquetaId,
    busca: !!q.busca,
    cursor: !!after,
    limitWritten: q.limit + 1 === LIMITE_ESCRITO,
  };
  const values = {
    accountId: staff.accountId,
    staffId: staff.id,
    staffDepartamentoId: staff.departamentoId,
    departamentoId: q.departamentoId,
    etiquetaId: q.etiquetaId,
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
