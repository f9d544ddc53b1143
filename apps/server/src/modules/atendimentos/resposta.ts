import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ATENDIMENTO_TEXTS, type TAtendimento, type TEnviarMensagem } from '@balcao/shared/atendimentos';
import { atendimentos, mensagens, type AtendimentoRow } from '../../db/schema/atendimentos';
import { licencas } from '../../db/schema/licencas';
import { users } from '../../db/schema/users';
import type { Db } from '../../lib/db';
import { Conflict, NotFound } from '../../lib/errors';
import { firstResponse } from '../dashboard/visao-geral';
import { assertLicencaAtiva, assertLicencaVigente } from '../licenca/service';
import { assertCanSee, isSupervisor, type TStaff } from './policy';
import { presentAtendimento, presentMensagem, type AtendimentoJoined } from './presenter';
import { findMensagem, selectAtendimentos } from './queries';
import {
  assertReplyWindow,
  assertTargetsInAtendimento,
  lastMessage,
  messageValues,
  outboundStatus,
  sameAuthor,
  storedDuplicate,
  type NewMessage,
} from './service';

// The attendant's answer (hub SendMessage, POST), the busiest write: one read for the row and every check,
// one statement to store it, and the answer presented from those rows (spec part 2 §3; issue 12).

/** The attendant's answer; the same clientId again answers the stored message, never a second one. */
export async function sendFromAtendente(db: Db, staff: TStaff, input: TEnviarMensagem) {
  const found = await findForAnswer(db, staff, input.atendimentoId, input.clientId ?? null);
  if (!found) throw new NotFound(ATENDIMENTO_TEXTS.naoEncontrado);
  const { joined } = found;
  const row = presentAtendimento(joined);
  assertCanSee(staff, row);
  if (row.status === 'finalizado') throw new Conflict(ATENDIMENTO_TEXTS.finalizado);
  if (row.status !== 'em_atendimento' || (row.atendenteId !== staff.id && !isSupervisor(staff)))
    throw new Conflict(ATENDIMENTO_TEXTS.naoAceito);
  const tipo = input.midia ? (input.tipo === 'text' ? 'document' : input.tipo) : input.tipo;
  const m: NewMessage = { ...input, tipo, status: outboundStatus(joined.a.origem) };
  // A resend of a stored message is answered whatever the window, and even after the licence expired.
  if (found.already) return storedAnswer(db, joined, row, found.already);
  assertReplyWindow(joined.a, joined.canalTipo);
  if (found.licenca) assertLicencaVigente(found.licenca);
  else await assertLicencaAtiva(db, staff.accountId);
  const citadas = await assertTargetsInAtendimento(db, joined.a, m);
  const at = new Date();
  const inserted = await insertAnswer(db, joined.a, staff.id, m, at);
  // The same client id sent twice at once: the other send stored it.
  if (!inserted) return storedAnswer(db, joined, row, await storedDuplicate(db, joined.a, 'atendente', staff.id, m));
  // Presented from the rows in hand: the row read above with this message's preview, the message as inserted.
  const citada = citadas.find((c) => c.id === m.respondendoA) ?? null;
  return {
    duplicate: false,
    row: presentAtendimento({ ...joined, a: { ...joined.a, ...lastMessage(m, at) } }),
    mensagens: [presentMensagem({ m: inserted, atendenteNome: found.autorNome, citada })],
    masterId: joined.masterId,
  };
}

/** A resend's answer: the row as read and the message stored before. */
async function storedAnswer(db: Db, joined: AtendimentoJoined, row: TAtendimento, mensagemId: string) {
  const stored = await findMensagem(db, joined.a.accountId, joined.a.id, mensagemId);
  return { duplicate: true, row, mensagens: stored ? [presentMensagem(stored)] : [], masterId: joined.masterId };
}

/**
 * What an attendant's answer checks, read with the row in the same query: the message already stored under
 * this client id (a resend), the sender's current name and the account's licence (null: none yet).
 */
async function findForAnswer(db: Db, staff: TStaff, atendimentoId: string, clientId: string | null) {
  const licenca = (col: typeof licencas.vendaErp | typeof licencas.dataVencimento) =>
    sql`(${db.select({ v: col }).from(licencas).where(eq(licencas.accountId, atendimentos.accountId))})`.mapWith(col);
  const [row] = await selectAtendimentos(db, and(eq(atendimentos.accountId, staff.accountId), eq(atendimentos.id, atendimentoId)), {
    already: clientId
      ? sql<string | null>`(${db
          .select({ id: mensagens.id })
          .from(mensagens)
          .where(and(eq(mensagens.atendimentoId, atendimentos.id), sameAuthor('atendente', staff.id), eq(mensagens.clientId, clientId)))
          .limit(1)})`
      : sql<null>`null`,
    autorNome: sql<string | null>`(${db.select({ nome: users.nome }).from(users).where(eq(users.id, staff.id))})`,
    vendaErp: licenca(licencas.vendaErp) as SQL<boolean | null>,
    dataVencimento: licenca(licencas.dataVencimento) as SQL<Date | null>,
  }).limit(1);
  if (!row) return null;
  const { already, autorNome, vendaErp, dataVencimento, ...joined } = row;
  return { joined, already, autorNome, licenca: dataVencimento ? { vendaErp: vendaErp!, dataVencimento } : null };
}

/**
 * An answer stored in one statement (atomic without a transaction): the message once per author and client
 * id, and only when it is new the row's preview and the first response. Answers the new row, or null (a duplicate).
 */
async function insertAnswer(db: Db, a: Pick<AtendimentoRow, 'id' | 'accountId'>, staffId: string, m: NewMessage, at: Date) {
  const ins = db.$with('ins').as(
    db
      .insert(mensagens)
      .values(messageValues(a, 'atendente', staffId, m))
      .onConflictDoNothing()
      .returning(),
  );
  const upd = db.$with('upd').as(
    db
      .update(atendimentos)
      .set({ ...lastMessage(m, at), ...firstResponse() })
      .where(and(eq(atendimentos.id, a.id), sql`exists (select 1 from ${ins})`))
      .returning({ id: atendimentos.id }),
  );
  const [row] = await db.with(ins, upd).select().from(ins);
  return row ?? null;
}
