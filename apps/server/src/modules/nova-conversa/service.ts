import { and, asc, desc, eq, inArray, isNull, max, type SQL } from 'drizzle-orm';
import { alcancaCliente, CAPACIDADES_CANAL, EXIBICAO_PROVEDOR, PROVEDORES_QUE_INICIAM } from '@balcao/shared/canais';
import { CLIENTES_TEXTS } from '@balcao/shared/clientes';
import { MENSAGENS_AGENDADAS_TEXTS } from '@balcao/shared/mensagens-agendadas';
import type { TModeloEscolhido } from '@balcao/shared/mensagens-agendadas';
import { NOVA_CONVERSA_TEXTS as T } from '@balcao/shared/nova-conversa';
import { atendimentos, canais, clientes, asCanal } from '../../db/schema/atendimentos';
import { type Db, withTransaction } from '../../lib/db';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import type { TStaff } from '../atendimentos/policy';
import { findOpenAtendimento } from '../atendimentos/queries';
import { storeOutbound } from '../atendimentos/service';
import { customersVisibleTo } from '../clientes/policy';
import { createCliente } from '../clientes/service';
import { recusaWhatsApp } from '../consentimento/queries';

/** Who to write to: a customer of the directory, or a typed number in E.164; on a channel, when chosen. */
type Alvo = { clienteId?: string | undefined; numero?: string | undefined; canalId?: string | undefined };
type Cliente = { id: string; nome: string; numero: string | null; identificador: string | null; bsuid: string | null };

/**
 * The account's customer the caller may see (the rule of /api/clientes/{id}): by id, or by number (null when
 * nobody has it yet). A customer hidden from the caller answers 404 either way, naming nobody.
 */
async function clienteDo(db: Db, staff: TStaff, alvo: Alvo): Promise<Cliente | null> {
  const cols = {
    id: clientes.id,
    nome: clientes.nome,
    numero: clientes.numero,
    identificador: clientes.identificador,
    bsuid: clientes.bsuid,
  };
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

/** The account's live channels that can write first (their capabilities say so: both WhatsApps, not the site's chat). */
async function canaisQueIniciam(db: Db, accountId: string) {
  const rows = await db
    .select()
    .from(canais)
    .where(
      and(eq(canais.accountId, accountId), inArray(canais.tipo, PROVEDORES_QUE_INICIAM), eq(canais.ativo, true), isNull(canais.removidoEm)),
    )
    .orderBy(asc(canais.createdAt));
  return rows.map((r) => {
    const c = asCanal(r);
    return { canal: c, opcao: { id: c.id, nome: c.nome, rotulo: EXIBICAO_PROVEDOR[c.tipo].rotulo } };
  });
}

/**
 * The customer (with a WhatsApp address; null for a number nobody has yet) and the channel to write from: the
 * one chosen, else the last one they used, else the account's first live channel that can write first; and
 * whether that channel's reply window is open (a channel without one, as WhatsApp Web, always is).
 */
export async function destino(db: Db, staff: TStaff, alvo: Alvo) {
  const cliente = await clienteDo(db, staff, alvo);
  const opcoes = await canaisQueIniciam(db, staff.accountId);
  const [usado] =
    cliente && !alvo.canalId
      ? await db
          .select({ canalId: atendimentos.canalId })
          .from(atendimentos)
          .where(
            and(
              eq(atendimentos.clienteId, cliente.id),
              inArray(
                atendimentos.canalId,
                opcoes.map((o) => o.canal.id),
              ),
            ),
          )
          .orderBy(desc(atendimentos.ultimaMensagemEm))
          .limit(1)
      : [];
  const wanted = alvo.canalId ?? usado?.canalId;
  const escolhido = opcoes.find((o) => o.canal.id === wanted) ?? (alvo.canalId ? undefined : opcoes[0]);
  if (!escolhido) throw new NotFound(alvo.canalId ? T.canalIndisponivel : T.semCanal);
  const canal = escolhido.canal;
  // Whom the channel can write to is its own declaration (a number, Meta's BSUID, a provider id).
  if (cliente && !alcancaCliente(CAPACIDADES_CANAL[canal.tipo], cliente))
    throw new BadRequest(MENSAGENS_AGENDADAS_TEXTS.clienteSemNumero, { clienteId: [MENSAGENS_AGENDADAS_TEXTS.clienteSemNumero] });
  const [w] = cliente
    ? await db
        .select({ em: max(atendimentos.clienteEscreveuEm) })
        .from(atendimentos)
        .where(and(eq(atendimentos.clienteId, cliente.id), eq(atendimentos.canalId, canal.id)))
    : [];
  const escreveu = w?.em ? new Date(w.em) : null;
  const janela = CAPACIDADES_CANAL[canal.tipo].janelaRespostaMs;
  const dentroDaJanela = janela === null || (escreveu !== null && Date.now() - escreveu.getTime() <= janela);
  return { cliente, canal, canais: opcoes.map((o) => o.opcao), escreveu, dentroDaJanela };
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
  const recusa = d.cliente && (await recusaWhatsApp(db, staff.accountId, d.cliente.id));
  if (recusa) throw new Conflict(recusa);
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
