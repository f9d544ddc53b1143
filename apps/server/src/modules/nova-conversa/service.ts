import { and, asc, desc, eq, isNull, max, type SQL } from 'drizzle-orm';
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
import { customersVisibleTo } from '../clientes/policy';
import { createCliente } from '../clientes/service';

const JANELA = CAPACIDADES_CANAL.whatsapp.janelaRespostaMs!;

/** Who to write to: a customer of the directory, or a typed number in E.164. */
type Alvo = { clienteId?: string | undefined; numero?: string | undefined };
type Cliente = { id: string; nome: string; numero: string | null; identificador: string | null };

/**
 * The account's customer the caller may see (the rule of /api/clientes/{id}): by id, or by number (null when
 * nobody has it yet). A customer hidden from the caller answers 404 either way, naming nobody.
 */
async function clienteDo(db: Db, staff: TStaff, alvo: Alvo): Promise<Cliente | null> {
  const cols = { id: clientes.id, nome: clientes.nome, numero: clientes.numero, identificador: clientes.identificador };
  const visivel = (where: SQL) =>
    db
      .select(cols)
      .from(clientes)
      .where(and(where, eq(clientes.accountId, staff.accountId), customersVisibleTo(db, staff)))
      .limit(1);
  const existe = async (where: SQL) =>
    (
      await db
        .select({ id: clientes.id })
        .from(clientes)
        .where(and(where, eq(clientes.accountId, staff.accountId)))
        .limit(1)
    ).length > 0;
  const buscas = alvo.clienteId
    ? [eq(clientes.id, alvo.clienteId)]
    : // A customer who wrote first is known by their WhatsApp identity even without a number typed in.
      [eq(clientes.numero, alvo.numero!), eq(clientes.identificador, `whatsapp:${alvo.numero!.slice(1)}`)];
  for (const where of buscas) {
    const [c] = await visivel(where);
    if (c) return c;
    if (alvo.clienteId || (await existe(where))) throw new NotFound(CLIENTES_TEXTS.naoEncontrado);
  }
  return null;
}

/**
 * The customer (with a WhatsApp number; null for a number nobody has yet) and the channel to write from: the last
 * one they used, else the account's first live WhatsApp number; and whether their 24-hour window is open.
 */
export async function destino(db: Db, staff: TStaff, alvo: Alvo) {
  const cliente = await clienteDo(db, staff, alvo);
  if (cliente && !cliente.numero && !cliente.identificador?.startsWith('whatsapp:'))
    throw new BadRequest(MENSAGENS_AGENDADAS_TEXTS.clienteSemNumero, { clienteId: [MENSAGENS_AGENDADAS_TEXTS.clienteSemNumero] });
  const ativos = and(eq(canais.accountId, staff.accountId), eq(canais.tipo, 'whatsapp'), eq(canais.ativo, true), isNull(canais.removidoEm));
  const [usado] = cliente
    ? await db
        .select({ canal: canais })
        .from(atendimentos)
        .innerJoin(canais, eq(canais.id, atendimentos.canalId))
        .where(and(eq(atendimentos.clienteId, cliente.id), ativos))
        .orderBy(desc(atendimentos.ultimaMensagemEm))
        .limit(1)
    : [];
  const [primeiro] = usado
    ? [usado]
    : await db.select({ canal: canais }).from(canais).where(ativos).orderBy(asc(canais.createdAt)).limit(1);
  if (!primeiro) throw new NotFound(T.semCanal);
  const canal = asCanal(primeiro.canal) as WhatsAppCanalRow;
  const [w] = cliente
    ? await db
        .select({ em: max(atendimentos.clienteEscreveuEm) })
        .from(atendimentos)
        .where(and(eq(atendimentos.clienteId, cliente.id), eq(atendimentos.canalId, canal.id)))
    : [];
  const escreveu = w?.em ? new Date(w.em) : null;
  return { cliente, canal, escreveu, dentroDaJanela: escreveu !== null && Date.now() - escreveu.getTime() <= JANELA };
}

/**
 * Starts an outbound WhatsApp conversation held by the caller, with its first message (an approved template outside
 * the 24-hour window); a typed number nobody has yet becomes a customer (named `nome`, else the number). A
 * conversation already open with the customer on that channel is answered as it is.
 */
export async function novaConversa(
  db: Db,
  staff: TStaff,
  input: Alvo & { nome?: string | undefined; conteudo: string; modelo?: TModeloEscolhido | null | undefined },
) {
  const d = await destino(db, staff, input);
  if (d.cliente) {
    const open = await findOpenAtendimento(db, d.cliente.id, d.canal.id);
    if (open) return { atendimentoId: open.id, mensagemId: null, existente: true };
  }
  if (!d.dentroDaJanela && !input.modelo) throw new BadRequest(T.precisaModelo, { modelo: [T.precisaModelo] });
  const clienteId =
    d.cliente?.id ??
    (await createCliente(db, staff.accountId, { nome: input.nome || input.numero!, email: null, numero: input.numero! })).id;
  const stored = await withTransaction(db, (tx) =>
    storeOutbound(tx, {
      accountId: staff.accountId,
      clienteId,
      canalId: d.canal.id,
      atendenteId: staff.id,
      clienteEscreveuEm: d.escreveu,
      com: { atendenteId: staff.id, departamentoId: staff.departamentoId },
      mensagem: { tipo: 'text', conteudo: input.conteudo, modelo: d.dentroDaJanela ? null : input.modelo },
    }),
  );
  return { ...stored, existente: false };
}
