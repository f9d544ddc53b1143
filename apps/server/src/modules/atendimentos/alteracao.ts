import { and, eq } from 'drizzle-orm';
import { ALTERACAO_TEXTS } from '@balcao/shared/atendimentos';
import { CAPACIDADES_CANAL } from '@balcao/shared/canais';
import { canais, mensagens } from '../../db/schema/atendimentos';
import type { Db } from '../../lib/db';
import { Conflict, NotFound } from '../../lib/errors';
import type { TStaff } from './policy';
import { assertHolder, loadForChange, result } from './service';

/**
 * An attendant edits (`conteudo`) or deletes for everyone (null) a message they sent, on a channel that has
 * edits (WhatsApp Web): stored at once (`editada` / `apagada`), and marked `alteracao` for the channel's queue,
 * which tells WhatsApp (sendMessage with `edit` or `delete`) from the instance that runs the socket.
 */
export async function changeMensagem(db: Db, staff: TStaff, atendimentoId: string, mensagemId: string, conteudo: string | null) {
  const { before } = await loadForChange(db, staff, atendimentoId);
  assertHolder(staff, before);
  const [m] = await db
    .select({ msg: mensagens, tipoCanal: canais.tipo })
    .from(mensagens)
    .innerJoin(canais, eq(canais.id, before.canalId))
    .where(and(eq(mensagens.id, mensagemId), eq(mensagens.atendimentoId, atendimentoId)))
    .limit(1);
  if (!m) throw new NotFound(ALTERACAO_TEXTS.naoEncontrada);
  if (!CAPACIDADES_CANAL[m.tipoCanal].edicoes) throw new Conflict(ALTERACAO_TEXTS.canalSemEdicao);
  if (m.msg.autor !== 'atendente' || m.msg.atendenteId !== staff.id) throw new Conflict(ALTERACAO_TEXTS.somenteSuas);
  if (m.msg.apagada) throw new Conflict(ALTERACAO_TEXTS.jaApagada);
  if (conteudo !== null && m.msg.tipo !== 'text') throw new Conflict(ALTERACAO_TEXTS.somenteTexto);
  if (!m.msg.externalId || m.msg.status === 'pending' || m.msg.status === 'failed') throw new Conflict(ALTERACAO_TEXTS.aguardeEnvio);
  const set =
    conteudo === null ? { apagada: true, alteracao: 'apagar' as const } : { conteudo, editada: true, alteracao: 'editar' as const };
  await db.update(mensagens).set(set).where(eq(mensagens.id, mensagemId));
  return result(db, staff.accountId, atendimentoId, [mensagemId]);
}
