import { count, sql } from 'drizzle-orm';
import { atendimentos, canais, mensagens } from '../../db/schema/atendimentos';
import { mensagensAgendadas } from '../../db/schema/mensagens-agendadas';
import { type Db, rawRows } from '../../lib/db';
import { devida } from '../mensagens-agendadas/scheduler';

/** The send queue by channel type: how many wait and the oldest's age (the partial index on pending rows). */
export function outboxPorCanal(db: Db) {
  return rawRows<{ canal: string; pendentes: number; idade: number }>(
    db,
    sql`select c.tipo as canal, count(*)::int as pendentes,
        coalesce(extract(epoch from now() - min(m.created_at)), 0)::float8 as idade
      from ${mensagens} m join ${atendimentos} a on a.id = m.atendimento_id join ${canais} c on c.id = a.canal_id
      where m.status = 'pending'
      group by c.tipo`,
  );
}

/** Scheduled messages whose time passed and that wait for the scheduler (its own scan's condition). */
export async function agendadasDevidas(db: Db, now: Date): Promise<number> {
  const [r] = await db.select({ n: count() }).from(mensagensAgendadas).where(devida(now));
  return r?.n ?? 0;
}
