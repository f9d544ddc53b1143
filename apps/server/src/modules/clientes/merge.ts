import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { atendimentos, clientes, visitantes } from '../../db/schema/atendimentos';
import { autoatendimentoSolicitacoes } from '../../db/schema/autoatendimento';
import { mensagensAgendadas } from '../../db/schema/mensagens-agendadas';
import { type Db, withTransaction } from '../../lib/db';

/**
 * Two customers found to be one person (WhatsApp Web learnt that a LID-only customer has the number another
 * customer already has): everything of `fromId` moves to `intoId` in one transaction — atendimentos (with
 * their messages), scheduled messages, widget visitors, self-service requests, and the e-mail and photo the
 * other lacks — and `fromId` is deleted. An open atendimento of `fromId` on a channel where `intoId` already
 * has one is finalised first (one open conversation per customer and channel); its messages stay in the
 * customer's history. Answers the atendimentos moved that are still open, for the screens; null when
 * `fromId` is gone already (merged by another delivery).
 */
export async function mergeClientes(db: Db, accountId: string, fromId: string, intoId: string) {
  if (fromId === intoId) return null;
  return withTransaction(db, async (tx) => {
    const pair = await tx
      .select()
      .from(clientes)
      .where(and(eq(clientes.accountId, accountId), inArray(clientes.id, [fromId, intoId])))
      .orderBy(clientes.id)
      .for('update');
    const from = pair.find((c) => c.id === fromId);
    const into = pair.find((c) => c.id === intoId);
    if (!from || !into) return null;
    const abertos = (clienteId: string) =>
      tx
        .select({ id: atendimentos.id, canalId: atendimentos.canalId })
        .from(atendimentos)
        .where(and(eq(atendimentos.clienteId, clienteId), ne(atendimentos.status, 'finalizado')));
    const canaisAbertos = new Set((await abertos(intoId)).map((a) => a.canalId));
    const fechar = (await abertos(fromId)).filter((a) => canaisAbertos.has(a.canalId)).map((a) => a.id);
    if (fechar.length) await tx.update(atendimentos).set({ status: 'finalizado', fim: new Date() }).where(inArray(atendimentos.id, fechar));
    const movidos = await tx
      .update(atendimentos)
      .set({ clienteId: intoId })
      .where(eq(atendimentos.clienteId, fromId))
      .returning({ id: atendimentos.id, status: atendimentos.status });
    await tx.update(mensagensAgendadas).set({ clienteId: intoId }).where(eq(mensagensAgendadas.clienteId, fromId));
    await tx.update(visitantes).set({ clienteId: intoId }).where(eq(visitantes.clienteId, fromId));
    await tx.update(autoatendimentoSolicitacoes).set({ clienteId: intoId }).where(eq(autoatendimentoSolicitacoes.clienteId, fromId));
    await tx.delete(clientes).where(eq(clientes.id, fromId));
    await tx
      .update(clientes)
      .set({ email: sql`coalesce(${clientes.email}, ${from.email})`, avatarUrl: sql`coalesce(${clientes.avatarUrl}, ${from.avatarUrl})` })
      .where(eq(clientes.id, intoId));
    return { abertos: movidos.filter((a) => a.status !== 'finalizado').map((a) => a.id), finalizados: fechar };
  });
}
