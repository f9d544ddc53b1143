import type { Db } from '../../lib/db';
import type { AtendimentoPublisher } from './publisher';
import { result } from './service';

/** A message sent for the staff (a scheduled one, a task's notice to its customer): to the conversation's staff and the customer. */
export async function publicarEnviada(
  db: Db,
  events: AtendimentoPublisher,
  accountId: string,
  s: { atendimentoId: string; mensagemId: string },
) {
  const r = await result(db, accountId, s.atendimentoId, [s.mensagemId]);
  events.messages(accountId, r.row, r.mensagens, r.masterId, { toVisitor: true });
  events.row(accountId, r.row);
}
