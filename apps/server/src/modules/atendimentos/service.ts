import { and, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import {
  CAPACIDADES_CANAL,
  EXIBICAO_PROVEDOR,
  FORA_DA_JANELA,
  WHATSAPP_TEXTS,
  tipoCanalDaOrigem,
  type TProvedorCanal,
} from '@balcao/shared/canais';
import type { TModeloEscolhido } from '@balcao/shared/mensagens-agendadas';
import { ATENDIMENTO_TEXTS, type TContato, type TMidia, type TTipoMensagem, type TTransferir } from '@balcao/shared/atendimentos';
import { atendimentos, canais, mensagens, ticketCounters, type AtendimentoRow, type MensagemRow } from '../../db/schema/atendimentos';
import { departamentos } from '../../db/schema/departamentos';
import { users } from '../../db/schema/users';
import { type Db, withTransaction } from '../../lib/db';
import { AppError, BadRequest, Conflict, NotFound } from '../../lib/errors';
import { assertLicencaAtiva } from '../licenca/service';
import { assertCanSee, authorize, can, type TStaff } from './policy';
import { findAtendimento, findMensagem, findOpenAtendimento } from './queries';
import { presentAtendimento, presentMensagem, type AtendimentoJoined } from './presenter';

export type NewMessage = {
  clientId?: string | null;
  externalId?: string | null;
  tipo: TTipoMensagem;
  conteudo: string;
  midia?: TMidia | null;
  localizacao?: { latitude: number; longitude: number; nome: string | null } | null;
  contatos?: TContato[] | null;
  respondendoA?: string | null;
  reagindoA?: string | null;
  /** A reaction to a provider message we do not hold: its external id (a later removal finds it). */
  alvoExterno?: string | null;
  /** 'pending' when the channel's send queue delivers it (capabilities.confirmaEntrega). */
  status?: 'pending' | 'sent';
  /** Written by this scheduled message; sent as this WhatsApp template. */
  agendadaId?: string | null;
  modelo?: TModeloEscolhido | null;
};

/** How an answer or notice starts on a conversation's channel: queued ('pending') where the provider confirms. */
export const outboundStatus = (origem: AtendimentoRow['origem']): 'pending' | 'sent' =>
  CAPACIDADES_CANAL[tipoCanalDaOrigem(origem)].confirmaEntrega ? 'pending' : 'sent';

/** Whether a free-form message reaches the customer now: the provider's reply window (Cloud API: 24 hours after the customer's last message). */
function replyWindowOpen(a: Pick<AtendimentoRow, 'clienteEscreveuEm'>, provedor: TProvedorCanal, now = Date.now()) {
  const janela = CAPACIDADES_CANAL[provedor].janelaRespostaMs;
  return janela === null || (a.clienteEscreveuEm !== null && now - a.clienteEscreveuEm.getTime() <= janela);
}

/** A free-form answer outside the provider's reply window is refused before it is stored. */
export function assertReplyWindow(a: Pick<AtendimentoRow, 'clienteEscreveuEm'>, provedor: TProvedorCanal, now = Date.now()) {
  if (!replyWindowOpen(a, provedor, now)) throw new AppError(409, FORA_DA_JANELA, WHATSAPP_TEXTS.foraDaJanela);
}

/** The idempotency scope of a client id besides its atendimento: the author (the visitor, or one staff user). */
export const sameAuthor = (autor: 'cliente' | 'atendente' | 'sistema', atendenteId: string | Placeholder | null) =>
  and(eq(mensagens.autor, autor), atendenteId ? eq(mensagens.atendenteId, atendenteId) : isNull(mensagens.atendenteId));

/** The list preview of a message: its text, or a label by type. */
export const preview = (m: NewMessage) => (m.conteudo.trim() ? m.conteudo.slice(0, 200) : null);

export async function nextTicket(tx: Db, accountId: string): Promise<number> {
  return (await nextTickets(tx, accountId, 1))[0]!;
}

/** The account's next `n` ticket numbers, taken in one statement (a burst of new conversations). */
export async function nextTickets(tx: Db, accountId: string, n: number): Promise<number[]> {
  const [row] = await tx
    .insert(ticketCounters)
    .values({ accountId, ultimo: n })
    .onConflictDoUpdate({ target: ticketCounters.accountId, set: { ultimo: sql`${ticketCounters.ultimo} + ${n}` } })
    .returning({ ultimo: ticketCounters.ultimo });
  return Array.from({ length: n }, (_, k) => row!.ultimo - n + 1 + k);
}

/** A quote or a reaction points at a message of the same conversation (and account), never further. */
const ALVO_NAO_ENCONTRADO = 'Mensagem citada não encontrada neste atendimento.';
/** Answers the targets found: what a quote shows (MensagemJoined['citada']). */
export async function assertTargetsInAtendimento(tx: Db, a: Pick<AtendimentoRow, 'id' | 'accountId'>, m: NewMessage) {
  const ids = [...new Set([m.respondendoA, m.reagindoA].filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return [];
  const found = await tx
    .select({ id: mensagens.id, autor: mensagens.autor, tipo: mensagens.tipo, conteudo: mensagens.conteudo })
    .from(mensagens)
    .where(and(inArray(mensagens.id, ids), eq(mensagens.atendimentoId, a.id), eq(mensagens.accountId, a.accountId)));
  if (found.length !== ids.length) throw new NotFound(ALVO_NAO_ENCONTRADO);
  return found;
}

export const messageValues = (
  a: Pick<AtendimentoRow, 'id' | 'accountId'>,
  autor: 'cliente' | 'atendente' | 'sistema',
  atendenteId: string | null,
  m: NewMessage,
) => ({
  accountId: a.accountId,
  atendimentoId: a.id,
  autor,
  atendenteId,
  tipo: m.tipo,
  conteudo: m.conteudo,
  midia: m.midia ?? null,
  localizacao: m.localizacao ?? null,
  contatos: m.contatos ?? null,
  respondendoA: m.respondendoA ?? null,
  reagindoA: m.reagindoA ?? null,
  alvoExterno: m.alvoExterno ?? null,
  clientId: m.clientId ?? null,
  externalId: m.externalId ?? null,
  agendadaId: m.agendadaId ?? null,
  modelo: m.modelo ?? null,
  ...(m.status ? { status: m.status } : {}),
});

/**
 * Where a message is already stored: once per author and client id (the visitor's or one staff user's: the
 * same id from two authors is two messages) in its atendimento, or once per external id in the account.
 */
export const storedAs = (
  a: Pick<AtendimentoRow, 'id' | 'accountId'>,
  autor: 'cliente' | 'atendente' | 'sistema',
  atendenteId: string | null,
  m: Pick<NewMessage, 'clientId' | 'externalId'>,
) =>
  m.clientId
    ? and(eq(mensagens.atendimentoId, a.id), sameAuthor(autor, atendenteId), eq(mensagens.clientId, m.clientId))
    : and(eq(mensagens.accountId, a.accountId), eq(mensagens.externalId, m.externalId!));

/** The message stored before under the same author and client id (or external id); none is a conflict elsewhere. */
export async function storedDuplicate(
  db: Db,
  a: Pick<AtendimentoRow, 'id' | 'accountId'>,
  autor: 'cliente' | 'atendente' | 'sistema',
  atendenteId: string | null,
  m: NewMessage,
) {
  const [existing] = await db
    .select({ id: mensagens.id })
    .from(mensagens)
    .where(storedAs(a, autor, atendenteId, m))
    .limit(1);
  if (!existing) throw new Conflict('Mensagem duplicada.');
  return existing.id;
}

/** Inserts once (storedAs); answers the id of the new or the already stored message. */
async function insertOnce(
  tx: Db,
  a: Pick<AtendimentoRow, 'id' | 'accountId'>,
  autor: 'cliente' | 'atendente' | 'sistema',
  atendenteId: string | null,
  m: NewMessage,
) {
  await assertTargetsInAtendimento(tx, a, m);
  const [inserted] = await tx
    .insert(mensagens)
    .values(messageValues(a, autor, atendenteId, m))
    .onConflictDoNothing()
    .returning();
  if (inserted) return { id: inserted.id, duplicate: false, row: inserted };
  return { id: await storedDuplicate(tx, a, autor, atendenteId, m), duplicate: true, row: null };
}

/**
 * A message staff wrote ahead of time (a scheduled message) or first ('Nova conversa') for a customer on a channel:
 * it joins the customer's open atendimento there, or opens one (waiting in the queue, or held by `com`) (carrying over when the customer last wrote: the
 * reply window is the customer's, not the ticket's), and is queued for the channel. Runs in the caller's
 * transaction; answers the atendimento and the message.
 */
export async function storeOutbound(
  tx: Db,
  o: {
    accountId: string;
    clienteId: string;
    canalId: string;
    atendenteId: string | null;
    clienteEscreveuEm: Date | null;
    mensagem: NewMessage;
    /** 'Nova conversa': the new atendimento starts with this attendant (in their department), not in the queue. */
    com?: { atendenteId: string; departamentoId: string | null };
  },
) {
  let a: AtendimentoRow | null | undefined = await findOpenAtendimento(tx, o.clienteId, o.canalId, { forUpdate: true });
  if (!a) {
    const ticket = await nextTicket(tx, o.accountId);
    // The conversation's origem is the one its channel's provider opens (EXIBICAO_PROVEDOR).
    const [canal] = await tx.select({ tipo: canais.tipo }).from(canais).where(eq(canais.id, o.canalId)).limit(1);
    if (!canal) throw new NotFound('Canal não encontrado.');
    [a] = await tx
      .insert(atendimentos)
      .values({
        accountId: o.accountId,
        ticket,
        clienteId: o.clienteId,
        canalId: o.canalId,
        origem: EXIBICAO_PROVEDOR[canal.tipo].origem,
        clienteEscreveuEm: o.clienteEscreveuEm,
        ...(o.com ? { status: 'em_atendimento' as const, atendenteId: o.com.atendenteId, departamentoId: o.com.departamentoId } : {}),
      })
      .onConflictDoNothing()
      .returning();
    // The customer wrote at this very moment and opened one: join it.
    a ??= await findOpenAtendimento(tx, o.clienteId, o.canalId, { forUpdate: true });
  }
  // Queued for the channel, unless the provider already carried it (sent from the business's own phone).
  const m = { ...o.mensagem, status: o.mensagem.status ?? outboundStatus(a!.origem) };
  const r = await insertOnce(tx, a!, 'atendente', o.atendenteId, m);
  if (!r.duplicate) await touch(tx, a!.id, m, 0);
  return { atendimentoId: a!.id, mensagemId: r.id };
}

/** The list preview columns a new message sets on its atendimento. */
export const lastMessage = (m: NewMessage, at = new Date()) => ({
  ultimaMensagem: preview(m),
  ultimaMensagemTipo: m.tipo,
  ultimaMensagemEm: at,
});

/**
 * The list's preview columns set to a message's written at `em`, unless the row already shows one written
 * later: two writers of one conversation at the same moment (a customer's message, an attendant's answer)
 * may commit in either order, and the later one in time stays, as the web app's list keeps it
 * (cache-sync.ts). Every write of the preview goes through here.
 */
export function guardedPreview(texto: SQL, tipo: SQL, em: SQL) {
  // A row without a preview yet takes the first (its default time is the database's clock, not ours).
  const later = sql`(${em} >= ${atendimentos.ultimaMensagemEm} or ${atendimentos.ultimaMensagem} is null)`;
  return {
    ultimaMensagem: sql`case when ${later} then ${texto} else ${atendimentos.ultimaMensagem} end`,
    ultimaMensagemTipo: sql`case when ${later} then ${tipo} else ${atendimentos.ultimaMensagemTipo} end`,
    ultimaMensagemEm: sql`greatest(${atendimentos.ultimaMensagemEm}, ${em})`,
  };
}
/** guardedPreview as a raw update's set list. */
export function guardedPreviewSql(texto: SQL, tipo: SQL, em: SQL) {
  const p = guardedPreview(texto, tipo, em);
  return sql`ultima_mensagem = ${p.ultimaMensagem}, ultima_mensagem_tipo = ${p.ultimaMensagemTipo}, ultima_mensagem_em = ${p.ultimaMensagemEm}`;
}

/** Answers the row as it now stands (a change presents it without reading it again). */
async function touch(tx: Db, id: string, m: NewMessage, unreadDelta: number) {
  const p = lastMessage(m);
  const [row] = await tx
    .update(atendimentos)
    .set({
      ...guardedPreview(sql`${p.ultimaMensagem}`, sql`${p.ultimaMensagemTipo}`, sql`${p.ultimaMensagemEm.toISOString()}::timestamptz`),
      ...(unreadDelta ? { mensagensNaoLidas: sql`${atendimentos.mensagensNaoLidas} + ${unreadDelta}` } : {}),
    })
    .where(eq(atendimentos.id, id))
    .returning();
  return row!;
}

/**
 * Loads what the caller answers and broadcasts: the row and the messages, through the one presenter each.
 * A customer's new message without a quote is presented from its inserted row (the hot path saves a query).
 */
export async function result(db: Db, accountId: string, atendimentoId: string, mensagemIds: (string | MensagemRow)[]) {
  const joined = await findAtendimento(db, accountId, atendimentoId);
  if (!joined) throw new NotFound(ATENDIMENTO_TEXTS.naoEncontrado);
  const msgs = [];
  for (const ref of mensagemIds) {
    if (typeof ref !== 'string' && ref.autor === 'cliente' && !ref.respondendoA) {
      msgs.push(presentMensagem({ m: ref, atendenteNome: null, citada: null }));
      continue;
    }
    const m = await findMensagem(db, accountId, atendimentoId, typeof ref === 'string' ? ref : ref.id);
    if (m) msgs.push(presentMensagem(m));
  }
  return { row: presentAtendimento(joined), mensagens: msgs, masterId: joined.masterId };
}

/**
 * A line of the conversation's history that the customer also gets (queued where the channel confirms sends).
 * Once the provider's reply window has closed it stays a line for staff alone: the provider would refuse it
 * (Meta's 131047) and the attendant would see an automatic notice fail. Without a client or external id it
 * never meets a duplicate. Answers the notice and the row as it now stands.
 */
async function systemNotice(
  tx: Db,
  a: Pick<AtendimentoRow, 'id' | 'accountId' | 'origem' | 'clienteEscreveuEm'>,
  provedor: TProvedorCanal,
  conteudo: string,
) {
  const m: NewMessage = { tipo: 'text', conteudo, status: replyWindowOpen(a, provedor) ? outboundStatus(a.origem) : 'sent' };
  const [mensagem] = await tx
    .insert(mensagens)
    .values(messageValues(a, 'sistema', null, m))
    .returning();
  return { mensagem: mensagem!, row: await touch(tx, a.id, m, 0) };
}

/**
 * A change's answer from the rows its transaction left (not read again): the row with the names read before
 * (the holder's given: it may be new), the notices as inserted (a system line shows no attendant, quotes nothing).
 */
function presentChange(joined: AtendimentoJoined, a: AtendimentoRow, atendenteNome: string | null, notices: MensagemRow[]) {
  return {
    row: presentAtendimento({ ...joined, a, atendenteNome }),
    mensagens: notices.map((m) => presentMensagem({ m, atendenteNome: null, citada: null })),
    masterId: joined.masterId,
  };
}

export async function loadForChange(db: Db, staff: TStaff, id: string) {
  const joined = await findAtendimento(db, staff.accountId, id);
  if (!joined) throw new NotFound(ATENDIMENTO_TEXTS.naoEncontrado);
  const before = presentAtendimento(joined);
  assertCanSee(staff, before);
  return { joined, before };
}

export async function accept(db: Db, staff: TStaff, id: string) {
  const { joined, before } = await loadForChange(db, staff, id);
  if (before.status === 'finalizado') throw new Conflict(ATENDIMENTO_TEXTS.finalizado);
  await assertLicencaAtiva(db, staff.accountId);
  const notice = await withTransaction(db, async (tx) => {
    const [taken] = await tx
      .update(atendimentos)
      .set({ status: 'em_atendimento', atendenteId: staff.id })
      .where(and(eq(atendimentos.id, id), eq(atendimentos.status, 'aguardando')))
      .returning();
    if (!taken) throw new Conflict(ATENDIMENTO_TEXTS.jaAceito);
    return systemNotice(tx, taken, joined.canalTipo, `${staff.nome} iniciou o atendimento.`);
  });
  // staff.nome is read at each request (requireStaff): the holder's current name.
  return { before, ...presentChange(joined, notice.row, staff.nome, [notice.mensagem]) };
}

/** Only who holds the conversation (or a supervisor) hands it over or closes it. */
export function assertHolder(staff: TStaff, row: { atendenteId: string | null; status: string }) {
  if (row.status === 'finalizado') throw new Conflict(ATENDIMENTO_TEXTS.finalizado);
  authorize(staff, 'conduzir', row);
}

export async function transfer(db: Db, staff: TStaff, id: string, to: TTransferir) {
  const { joined, before } = await loadForChange(db, staff, id);
  assertHolder(staff, before);
  let set: Partial<AtendimentoRow>;
  let destino: string;
  if (to.atendenteId) {
    const [target] = await db
      .select({ id: users.id, nome: users.nome, role: users.role, departamentoId: users.departamentoId })
      .from(users)
      .where(and(eq(users.id, to.atendenteId), eq(users.accountId, staff.accountId), eq(users.ativo, true)))
      .limit(1);
    if (!target || !can(target, 'atender'))
      throw new BadRequest('Atendente não encontrado.', { atendenteId: ['Atendente não encontrado.'] });
    set = { status: 'em_atendimento', atendenteId: target.id, departamentoId: target.departamentoId ?? joined.a.departamentoId };
    destino = target.nome;
  } else {
    const [dep] = await db
      .select()
      .from(departamentos)
      .where(and(eq(departamentos.id, to.departamentoId!), eq(departamentos.accountId, staff.accountId)))
      .limit(1);
    if (!dep) throw new BadRequest('Departamento não encontrado.', { departamentoId: ['Departamento não encontrado.'] });
    set = { status: 'aguardando', atendenteId: null, departamentoId: dep.id };
    destino = `o departamento ${dep.nome}`;
  }
  const noticeId = await withTransaction(db, async (tx) => {
    await tx.update(atendimentos).set(set).where(eq(atendimentos.id, id));
    return (await systemNotice(tx, joined.a, joined.canalTipo, `Atendimento transferido para ${destino} por ${staff.nome}.`)).mensagem.id;
  });
  return { before, ...(await result(db, staff.accountId, id, [noticeId])) };
}

/**
 * Closes the conversation. The rating link carries a token only the customer may see, so it is never written
 * into the conversation (staff read it): the caller hands it to the customer's widget alone.
 */
export const AVALIACAO_CONVITE = 'Como foi o seu atendimento? Conte para nós pelo link "Avaliar atendimento".';
export async function finish(db: Db, staff: TStaff, id: string) {
  const { joined, before } = await loadForChange(db, staff, id);
  assertHolder(staff, before);
  const notices = await withTransaction(db, async (tx) => {
    await tx
      .update(atendimentos)
      .set({ status: 'finalizado', fim: new Date(), atendenteId: joined.a.atendenteId ?? staff.id })
      .where(eq(atendimentos.id, id));
    const closed = await systemNotice(tx, joined.a, joined.canalTipo, `Atendimento finalizado por ${staff.nome}.`);
    const rating = await systemNotice(tx, joined.a, joined.canalTipo, AVALIACAO_CONVITE);
    return { row: rating.row, mensagens: [closed.mensagem, rating.mensagem] };
  });
  // Nobody held it: the one finishing it is its holder now (staff.nome is read at each request).
  const atendenteNome = joined.a.atendenteId ? joined.atendenteNome : staff.nome;
  return { before, ...presentChange(joined, notices.row, atendenteNome, notices.mensagens) };
}

/**
 * The row as read after its count went to zero, not the one read before: a message stored meanwhile (the
 * attendant's answer, the customer's next line) keeps its preview in the row everyone is told.
 */
export async function markRead(db: Db, staff: TStaff, id: string) {
  await loadForChange(db, staff, id);
  await db.update(atendimentos).set({ mensagensNaoLidas: 0 }).where(eq(atendimentos.id, id));
  return (await loadForChange(db, staff, id)).before;
}

/** A failed send goes back to the channel's queue (the attendant's 'Reenviar'); the same message, never a copy. */
export async function resend(db: Db, staff: TStaff, atendimentoId: string, mensagemId: string) {
  const { before } = await loadForChange(db, staff, atendimentoId);
  assertHolder(staff, before);
  await assertLicencaAtiva(db, staff.accountId);
  const [row] = await db
    .update(mensagens)
    .set({ status: 'pending', erroEnvio: null, tentativas: 0, proximaTentativaEm: null })
    .where(and(eq(mensagens.id, mensagemId), eq(mensagens.atendimentoId, atendimentoId), eq(mensagens.status, 'failed')))
    .returning({ id: mensagens.id });
  if (!row) throw new Conflict(WHATSAPP_TEXTS.reenvioSomenteFalha);
  return result(db, staff.accountId, atendimentoId, [row.id]);
}
