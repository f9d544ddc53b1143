import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import { TAREFAS_POR_PAGINA, TRACKER_TEXTS as T } from '@balcao/shared/tracker';
import type { z } from 'zod';
import type { ZTarefasFiltro } from '@balcao/shared/tracker';
import { tarefas, type TarefaRow } from '../../db/schema/tracker';
import type { Db } from '../../lib/db';
import { BadRequest, NotFound } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';
import { ilike, likePattern } from '../atendimentos/queries';

type Filtro = z.output<typeof ZTarefasFiltro>;
type Cursor = { o: number; i: string } | { n: number };

const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decode(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString()) as Cursor;
    if (('o' in c && typeof c.o === 'number' && typeof c.i === 'string') || ('n' in c && typeof c.n === 'number')) return c;
  } catch {
    // falls through to the refusal below
  }
  throw new BadRequest(T.cursorInvalido, { cursor: [T.cursorInvalido] });
}

const contains = (col: unknown, value: string, type: 'uuid' | 'text') => sql`${col} @> array[${value}]::${sql.raw(type)}[]`;

function where(u: TSessionUser, f: Filtro): SQL {
  const q = f.q?.trim();
  const numero = q ? /^#?(\d{1,9})$/.exec(q) : null;
  return and(
    eq(tarefas.accountId, u.accountId),
    f.minhas ? contains(tarefas.responsaveis, u.id, 'uuid') : undefined,
    f.responsavel ? contains(tarefas.responsaveis, f.responsavel, 'uuid') : undefined,
    f.etiqueta ? contains(tarefas.etiquetas, f.etiqueta, 'text') : undefined,
    f.status ? eq(tarefas.status, f.status) : undefined,
    f.atendimentoId ? eq(tarefas.atendimentoId, f.atendimentoId) : undefined,
    q ? or(ilike(tarefas.titulo, likePattern(q)), numero ? eq(tarefas.numero, Number(numero[1])) : undefined) : undefined,
  )!;
}

/**
 * One page of tasks. With `status` it is a board column in board order (keyset on ordem, id: the index
 * tarefas_coluna_ordem answers it without sorting); otherwise the list, newest number first.
 */
export async function paginaDeTarefas(db: Db, u: TSessionUser, f: Filtro): Promise<{ rows: TarefaRow[]; proximoCursor: string | null }> {
  const limite = f.limite ?? TAREFAS_POR_PAGINA;
  const cursor = f.cursor ? decode(f.cursor) : null;
  const base = db.select().from(tarefas).$dynamic();
  let rows: TarefaRow[];
  if (f.status) {
    const after =
      cursor && 'o' in cursor ? or(gt(tarefas.ordem, cursor.o), and(eq(tarefas.ordem, cursor.o), gt(tarefas.id, cursor.i))) : undefined;
    rows = await base
      .where(and(where(u, f), after))
      .orderBy(asc(tarefas.ordem), asc(tarefas.id))
      .limit(limite + 1);
  } else {
    const after = cursor && 'n' in cursor ? lt(tarefas.numero, cursor.n) : undefined;
    rows = await base
      .where(and(where(u, f), after))
      .orderBy(desc(tarefas.numero))
      .limit(limite + 1);
  }
  const more = rows.length > limite;
  const page = more ? rows.slice(0, limite) : rows;
  const last = page[page.length - 1];
  const proximoCursor = more && last ? encode(f.status ? { o: last.ordem, i: last.id } : { n: last.numero }) : null;
  return { rows: page, proximoCursor };
}

/** A task of the caller's account; another account's id is the same 404 as a missing one. */
export async function tarefaDaConta(db: Db, accountId: string, id: string): Promise<TarefaRow> {
  const [row] = await db
    .select()
    .from(tarefas)
    .where(and(eq(tarefas.id, id), eq(tarefas.accountId, accountId)))
    .limit(1);
  if (!row) throw new NotFound(T.tarefaNaoEncontrada);
  return row;
}
