import { and, asc, desc, eq, isNull, max } from 'drizzle-orm';
import { CAPACIDADES_CANAL } from '@balcao/shared/canais';
import { CLIENTES_TEXTS } from '@balcao/shared/clientes';
import { MENSAGENS_AGENDADAS_TEXTS } from '@balcao/shared/mensagens-agendadas';
import type { TModeloEscolhido } from '@balcao/shared/mensagens-agendadas';
import { NOVA_CONVERSA_TEXTS as T } from '@balcao/shared/nova-conversa';
import { atendimentos, canais, clientes, type WhatsAppCanalRow, asCanal } from '../../db/schema/atendimentos';
import { type Db, withTransaction } from '../../lib/db';
import { BadRequest, NotFound } from '../../lib/errors';
import type { TStaff } from '../atendimentos/policy';
import { findOpenAtendimento } from '../atendimentos/queries';
import { storeOutbound } from '../atendimentos/service';

const JANELA = CAPACIDADES_CANAL.whatsapp.janelaRespostaMs!;

/** The customer (with a WhatsApp number) and the channel to write from: the last one they used, else the account's first. */
export async function destino(db: Db, staff: TStaff, clienteId: string) {
  const [cliente] = await db
    .select({ id: clientes.id, numero: clientes.numero, identificador: clientes.identificador })
    .from(clientes)
    .where(and(eq(clientes.id, clienteId), eq(clientes.accountId, staff.accountId)))
    .limit(1);
  if (!cliente) throw new NotFound(CLIENTES_TEXTS.naoEncontrado);
  if (!cliente.numero && !cliente.identificador?.startsWith('whatsapp:'))
    throw new BadRequest(MENSAGENS_AGENDADAS_TEXTS.clienteSemNumero, { clienteId: [MENSAGENS_AGENDADAS_TEXTS.clienteSemNumero] });
  const ativos = and(eq(canais.accountId, staff.accountId), eq(canais.tipo, 'whatsapp'), eq(canais.ativo, true), isNull(canais.removidoEm));
  const [usado] = await db
    .select({ canal: canais })
    .from(atendimentos)
    .innerJoin(canais, eq(canais.id, atendimentos.canalId))
    .where(and(eq(atendimentos.clienteId, clienteId), ativos))
    .orderBy(desc(atendimentos.ultimaMensagemEm))
    .limit(1);
  const [primeiro] = usado
    ? [usado]
    : await db.select({ canal: canais }).from(canais).where(ativos).orderBy(asc(canais.createdAt)).limit(1);
  if (!primeiro) throw new NotFound(T.semCanal);
  const canal = asCanal(primeiro.canal) as WhatsAppCanalRow;
  const [w] = await db
    .select({ em: max(atendimentos.clienteEscreveuEm) })
    .from(atendimentos)
    .where(and(eq(atendimentos.clienteId, clienteId), eq(atendimentos.canalId, canal.id)));
  const escreveu = w?.em ? new Date(w.em) : null;
  return { canal, escreveu, dentroDaJanela: escreveu !== null && Date.now() - escreveu.getTime() <= JANELA };
}

/**
 * Starts an outbound WhatsApp conversation held by the caller, with its first message (an approved template outside
 * the 24-hour window). A conversation already open with the customer on that channel is answered as it is.
 */
export async function novaConversa(
  db: Db,
  staff: TStaff,
  input: { clienteId: string; conteudo: string; modelo?: TModeloEscolhido | null },
) {
  const d = await destino(db, staff, input.clienteId);
  const open = await findOpenAtendimento(db, input.clienteId, d.canal.id);
  if (open) return { atendimentoId: open.id, mensagemId: null, existente: true };
  if (!d.dentroDaJanela && !input.modelo) throw new BadRequest(T.precisaModelo, { modelo: [T.precisaModelo] });
  const stored = await withTransaction(db, (tx) =>
    storeOutbound(tx, {
      accountId: staff.accountId,
      clienteId: input.clienteId,
      canalId: d.canal.id,
      atendenteId: staff.id,
      clienteEscreveuEm: d.escreveu,
      com: { atendenteId: staff.id, departamentoId: staff.departamentoId },
      mensagem: { tipo: 'text', conteudo: input.conteudo, modelo: d.dentroDaJanela ? null : input.modelo },
    }),
  );
  return { ...stored, existente: false };
}
