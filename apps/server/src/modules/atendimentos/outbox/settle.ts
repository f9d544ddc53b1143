import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { type AtendimentoRow, atendimentos, type MensagemRow, mensagens } from '../../../db/schema/atendimentos';
import { anyId, rawRows } from '../../../lib/db';
import { announceStatus } from '../../../channels/whatsapp-common';

/** A send's outcome: sent with the provider's id, or failed with the reason shown to the attendant. */
export type Outcome = { id: string; status: 'sent' | 'failed'; externalId: string | null; erroEnvio: string | null };
type SettledRow = {
  id: string;
  account_id: string;
  atendimento_id: string;
  client_id: string | null;
  status: MensagemRow['status'];
  atendente_id: string | null;
  a_status: AtendimentoRow['status'];
  departamento_id: string | null;
};

/**
 * Outcomes in one statement that also reads who hears of each (its conversation's holder and queue as they
 * are now), then told to the attendants (ReceiveMessageStatusUpdate). A message no longer pending (a provider's
 * status came first) keeps that status and only loses its claim.
 */
export async function settleAll(ctx: AppContext, outcomes: Outcome[]): Promise<undefined[]> {
  const rows = outcomes.map((o) => ({ id: o.id, status: o.status, external_id: o.externalId, erro_envio: o.erroEnvio }));
  const settled = await rawRows<SettledRow>(
    ctx.db,
    sql`update ${mensagens} m set status = v.status, external_id = coalesce(v.external_id, m.external_id),
        erro_envio = v.erro_envio, enviando_em = null, proxima_tentativa_em = null
      from json_to_recordset(${JSON.stringify(rows)}::json) as v(id uuid, status text, external_id text, erro_envio text), ${atendimentos} a
      where m.id = v.id and m.status = 'pending' and a.id = m.atendimento_id
      returning m.id, m.account_id, m.atendimento_id, m.client_id, m.status, a.atendente_id, a.status as a_status, a.departamento_id`,
  );
  const done = new Set(settled.map((r) => r.id));
  const ahead = outcomes.filter((o) => !done.has(o.id)).map((o) => o.id);
  if (ahead.length) await ctx.db.update(mensagens).set({ enviandoEm: null }).where(anyId(mensagens.id, ahead));
  for (const r of settled)
    await announceStatus(
      ctx,
      { id: r.id, accountId: r.account_id, atendimentoId: r.atendimento_id, clientId: r.client_id, status: r.status },
      { atendenteId: r.atendente_id, status: r.a_status, departamentoId: r.departamento_id },
    );
  return outcomes.map(() => undefined);
}
