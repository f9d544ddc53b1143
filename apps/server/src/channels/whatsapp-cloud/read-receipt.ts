import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { asCanal, atendimentos, canais, mensagens, type WhatsAppCanalRow } from '../../db/schema/atendimentos';
import { rawRows } from '../../lib/db';
import type { GraphClient } from './client';
import { openSecrets } from './service';

/**
 * The attendant read a Cloud API conversation: the customer's messages not yet reported are marked 'read' in
 * one statement (so a second open finds nothing and sends nothing), and Meta is told once, for the newest of
 * them, which shows blue ticks on every earlier one too. A refusal is logged and not tried again: the next
 * customer message gets its own receipt.
 */
export async function sendReadReceipt(
  ctx: Pick<AppContext, 'db' | 'cipher'>,
  graph: GraphClient,
  log: Pick<FastifyBaseLogger, 'warn'>,
  atendimentoId: string,
) {
  const [newest] = await rawRows<{ external_id: string; canal_id: string }>(
    ctx.db,
    sql`with lidas as (
          update ${mensagens} m set status = 'read'
          from ${atendimentos} a join ${canais} c on c.id = a.canal_id and c.tipo = 'whatsapp'
          where a.id = ${atendimentoId} and m.atendimento_id = a.id and m.autor = 'cliente'
            and m.status in ('sent', 'delivered') and m.external_id is not null
          returning m.external_id, m.seq, a.canal_id)
        select external_id, canal_id from lidas order by seq desc limit 1`,
  );
  if (!newest) return;
  const [row] = await ctx.db.select().from(canais).where(eq(canais.id, newest.canal_id)).limit(1);
  if (!row) return;
  const canal = asCanal(row) as WhatsAppCanalRow;
  try {
    await graph.markRead(canal.config.phoneNumberId, openSecrets(ctx.cipher, canal).accessToken, newest.external_id);
  } catch (err) {
    log.warn({ err, atendimentoId, messageId: newest.external_id }, 'WhatsApp: confirmação de leitura recusada');
  }
}
