import { and, eq, sql } from 'drizzle-orm';
import { alcancaCliente, CAPACIDADES_CANAL } from '@balcao/shared/canais';
import { COLUNA_CONCLUIDA, TRACKER_TEXTS as T, textoAvisoConcluida } from '@balcao/shared/tracker';
import { asCanal, atendimentos, canais, clientes } from '../../db/schema/atendimentos';
import { tarefaAtividades, type TarefaRow } from '../../db/schema/tracker';
import type { Db } from '../../lib/db';
import { AppError } from '../../lib/errors';
import { storeOutbound } from '../atendimentos/service';
import { findOpenAtendimento } from '../atendimentos/queries';
import { recusaWhatsApp } from '../consentimento/queries';
import { assertLicencaAtiva } from '../licenca/service';
import { clienteEscreveuEm } from '../mensagens-agendadas/scheduler';
import { publicUrlOf } from './presenter';

/** The message written for the customer: the staff screens and the channel's outbox are told after the commit. */
export type AvisoEnviado = { atendimentoId: string; mensagemId: string };

/** Why the customer could not be told, in the channel's own terms (shown in the task's activity). */
async function impedimento(tx: Db, accountId: string, clienteId: string, canalId: string, now: Date): Promise<string | null> {
  const licenca = await assertLicencaAtiva(tx, accountId, now).then(
    () => null,
    (err: unknown) => {
      if (err instanceof AppError && err.status === 402) return err.message;
      throw err;
    },
  );
  if (licenca) return licenca;
  const [canalRow] = await tx.select().from(canais).where(eq(canais.id, canalId)).limit(1);
  const canal = canalRow ? asCanal(canalRow) : null;
  if (!canal || canal.removidoEm || !canal.ativo) return T.avisoCanalInativo;
  const cap = CAPACIDADES_CANAL[canal.tipo];
  // Within an open conversation the channel answers; after it was finished it must be able to write first.
  if (!(await findOpenAtendimento(tx, clienteId, canalId))) {
    const [cliente] = await tx
      .select({ numero: clientes.numero, identificador: clientes.identificador, bsuid: clientes.bsuid })
      .from(clientes)
      .where(eq(clientes.id, clienteId))
      .limit(1);
    if (!cliente || !alcancaCliente(cap, cliente)) return T.avisoSemAlcance;
  }
  const recusa = await recusaWhatsApp(tx, accountId, clienteId);
  if (recusa) return recusa;
  // The provider's reply window (WhatsApp Cloud's 24 hours; none on WhatsApp Web): no template is sent for this.
  const escreveu = await clienteEscreveuEm(tx, clienteId, canalId);
  const janela = cap.janelaRespostaMs;
  if (janela !== null && (escreveu === null || now.getTime() - escreveu.getTime() > janela)) return T.avisoForaDaJanela;
  return null;
}

/**
 * A task that just reached Concluída tells its linked customer, once, on the channel of the conversation it
 * came from, when the task opted in. Runs in the move's transaction, under the board lock: two moves at once
 * cannot both find it untold. The message goes the way every answer goes (stored pending, the channel's
 * outbox sends it). A refusal by the channel's rules is written to the activity log instead.
 */
export async function avisarClienteConcluida(
  tx: Db,
  usuarioId: string,
  row: TarefaRow,
  publicUrl: string,
  now = new Date(),
): Promise<AvisoEnviado | null> {
  if (!row.notificarCliente || row.status !== COLUNA_CONCLUIDA || !row.atendimentoId) return null;
  const [ja] = await tx
    .select({ id: tarefaAtividades.id })
    .from(tarefaAtividades)
    .where(
      and(
        eq(tarefaAtividades.tarefaId, row.id),
        eq(tarefaAtividades.tipo, 'avisoCliente'),
        sql`${tarefaAtividades.dados}->>'enviado' = 'true'`,
      ),
    )
    .limit(1);
  if (ja) return null;
  const [a] = await tx
    .select({ clienteId: atendimentos.clienteId, canalId: atendimentos.canalId })
    .from(atendimentos)
    .where(and(eq(atendimentos.id, row.atendimentoId), eq(atendimentos.accountId, row.accountId)))
    .limit(1);
  if (!a) return null;
  const registrar = (dados: Record<string, unknown>) =>
    tx.insert(tarefaAtividades).values({ accountId: row.accountId, tarefaId: row.id, usuarioId, tipo: 'avisoCliente', dados });
  const motivo = await impedimento(tx, row.accountId, a.clienteId, a.canalId, now);
  if (motivo) {
    await registrar({ enviado: false, motivo });
    return null;
  }
  const enviado = await storeOutbound(tx, {
    accountId: row.accountId,
    clienteId: a.clienteId,
    canalId: a.canalId,
    atendenteId: usuarioId,
    clienteEscreveuEm: await clienteEscreveuEm(tx, a.clienteId, a.canalId),
    mensagem: {
      clientId: `tarefa-concluida:${row.id}`,
      tipo: 'text',
      conteudo: textoAvisoConcluida(row, publicUrlOf(publicUrl, row.publicId)),
    },
  });
  await registrar({ enviado: true, atendimentoId: enviado.atendimentoId });
  return enviado;
}
