import { and, eq, exists, notExists, or, sql, type SQL } from 'drizzle-orm';
import { atendimentos, clientes } from '../../db/schema/atendimentos';
import type { Db } from '../../lib/db';
import { type TStaff, visibleTo } from '../atendimentos/policy';

/**
 * Which customers a staff member may read: admin and master every customer of the account; an atendente the
 * customers with an atendimento visible to them (their department's queue, or assigned to them) and those nobody
 * has talked to yet (typed into the directory, e.g. by themselves, to write to first).
 */
export function customersVisibleTo(db: Db, staff: TStaff): SQL | undefined {
  const seen = visibleTo(staff);
  if (!seen) return undefined;
  const deles = (where: SQL | undefined) =>
    db
      .select({ one: sql`1` })
      .from(atendimentos)
      .where(and(eq(atendimentos.clienteId, clientes.id), eq(atendimentos.accountId, staff.accountId), where));
  return or(exists(deles(seen)), notExists(deles(undefined)));
}
