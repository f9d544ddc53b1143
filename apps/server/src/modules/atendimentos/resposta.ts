import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ATENDIMENTO_TEXTS, type TAtendimento, type TEnviarMensagem, tipoFromMime } from '@balcao/shared/atendimentos';
import { CAPACIDADES_CANAL, midiaRecusada, TIPOS_MIDIA, type TTipoMidia } from '@balcao/shared/canais';
import { refuse } from '../../channels/midia';
import { atendimentos, mensagens, type AtendimentoRow } from '../../db/schema/atendimentos';
import { licencas } from '../../db/schema/licencas';
import { users } from '../../db/schema/users';
import { type Db, perDatabase } from '../../lib/db';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import { firstResponse } from '../dashboard/visao-geral';
import { assertLicencaAtiva, assertLicencaVigente } from '../licenca/service';
import { assertAnexoDaConta } from './anexos';
import { assertCanSee, can, type TStaff } from './policy';
import { presentAtendimento, presentMensagem, type AtendimentoJoined } from './presenter';
import { findMensagem, selectAtendimentos } from './queries';
import {
  assertReplyWindow,
  assertTargetsInAtendimento,
  guardedPreview,
  lastMessage,
  messageValues,
  outboundStatus,
  sameAuthor,
  storedDuplicate,
  type NewMessage,
} from './service';

// The attendant's answer (hub SendMessage, POST), the busiest write: one read for the row and every check,
// one statement to store it, and the answer presented from those rows (spec part 2 §3).

/** The attendant's answer; the same clientId again answers the stored message, never a second one. */
export async function sendFromAtendente(db: Db, staff: TStaff, input: TEnviarMensagem) {
  const found = await findForAnswer(db, staff, input.atendimentoId, input.clientId ?? null);
  if (!found) throw new NotFound(ATENDIMENTO_TEXTS.naoEncontrado);
  const { joined } = found;
  const row = presentAtendimento(joined);
  assertCanSee(staff, row);
  if (row.status === 'finalizado') throw new Conflict(ATENDIMENTO_TEXTS.finalizado);
  if (row.status !== 'em_atendimento' || !can(staff, 'conduzir', row)) throw new Conflict(ATENDIMENTO_TEXTS.naoAceito);
  if (input.midia) assertAnexoDaConta(staff.accountId, input.midia.url);
  // An attachment sent without its kind takes it from its type (a photo shows as a photo, not a file).
  const tipo = input.midia ? (input.tipo === 'text' ? tipoFromMime(input.midia.mimeType) : input.tipo) : input.tipo;
  const m: NewMessage = { ...input, tipo, status: outboundStatus(joined.a.origem) };
  // A resend of a stored message is answered whatever the window, and even after the licence expired.
  if (found.already) return storedAnswer(db, joined, row, found.already);
  // An approved template may go whatever the window (it is how one writes once it closed), where the channel has them.
  if (m.modelo && !CAPACIDADES_CANAL[joined.canalTipo].modelos)
    throw new BadRequest(ATENDIMENTO_TEXTS.modeloSemSuporte, { modelo: [ATENDIMENTO_TEXTS.modeloSemSuporte] });
  if (!m.modelo) assertReplyWindow(joined.a, joined.canalTipo);
  // An attachment the channel would refuse (its declared formats and sizes) is refused now, not after queueing.
  if (m.midia && (TIPOS_MIDIA as readonly string[]).includes(m.tipo))
    refuse(midiaRecusada(CAPACIDADES_CANAL[joined.canalTipo], m.tipo as TTipoMidia, m.midia.mimeType, m.midia.size));
  if (found.licenca) assertLicencaVigente(found.licenca);
  else await assertLicencaAtiva(db, staff.accountId);
  const citadas = await assertTargetsInAtendimento(db, joined.a, m);
  const at = new Date();
  const inserted = await insertAnswer(db, joined.a, staff.id, m, at);
  // The same client id sent twice at once: the other send stored it.
  if (!inserted) return storedAnswer(db, joined, row, await storedDuplicate(db, joined.a, 'atendente', staff.id, m));
  // Presented from the rows in hand: the row read above with this message's preview, the message as inserted.
  // Should a later customer message have committed first, the database kept its preview (guardedPreview) and
  // this row is older than one already told: clients keep the newer row (the web app's cache-sync.ts).
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
 * The send path's two statements are built once per database (Drizzle's `prepare` with placeholders) and
 * run with the values of each answer: building their SQL text from the query builders at every send was a
 * large share of the main thread. On PostgreSQL they are named prepared statements too.
 */
const statementsFor = perDatabase((db) => ({ read: prepareRead(db), insert: prepareInsert(db) }));

/**
 * What an attendant's answer checks, read with the row in the same query: the message already stored under
 * this client id (a resend; none without a client id), the sender's current name and the account's licence.
 */
function prepareRead(db: Db) {
  const licenca = (col: typeof licencas.vendaErp | typeof licencas.dataVencimento) =>
    sql`(${db.select({ v: col }).from(licencas).where(eq(licencas.accountId, atendimentos.accountId))})`.mapWith(col);
  const staffId = sql.placeholder('staffId');
  const where = and(eq(atendimentos.accountId, sql.placeholder('accountId')), eq(atendimentos.id, sql.placeholder('atendimentoId')));
  return selectAtendimentos(db, where, {
    already: sql<string | null>`(${db
      .select({ id: mensagens.id })
      .from(mensagens)
      .where(
        and(
          eq(mensagens.atendimentoId, atendimentos.id),
          sameAuthor('atendente', staffId),
          eq(mensagens.clientId, sql.placeholder('clientId')),
        ),
      )
      .limit(1)})`,
    autorNome: sql<string | null>`(${db.select({ nome: users.nome }).from(users).where(eq(users.id, staffId))})`,
    vendaErp: licenca(licencas.vendaErp) as SQL<boolean | null>,
    dataVencimento: licenca(licencas.dataVencimento) as SQL<Date | null>,
  })
    .limit(1)
    .prepare('balcao_resposta_leitura');
}

async function findForAnswer(db: Db, staff: TStaff, atendimentoId: string, clientId: string | null) {
  const [row] = await statementsFor(db).read.execute({ accountId: staff.accountId, atendimentoId, staffId: staff.id, clientId });
  if (!row) return null;
  const { already, autorNome, vendaErp, dataVencimento, ...joined } = row;
  return { joined, already, autorNome, licenca: dataVencimento ? { vendaErp: vendaErp!, dataVencimento } : null };
}

/**
 * The columns of an answer, as placeholders of the same names: those messageValues gives a message with a
 * status (read from it, so a column it gains is stored here too), and its time.
 */
const ANSWER_COLUMNS = [
  ...Object.keys(messageValues({ id: '', accountId: '' }, 'atendente', '', { tipo: 'text', conteudo: '', status: 'sent' })),
  'createdAt',
];
const answerPlaceholders = () =>
  Object.fromEntries(ANSWER_COLUMNS.map((k) => [k, sql.placeholder(k)])) as unknown as typeof mensagens.$inferInsert;
/**
 * An answer stored in one statement (atomic without a transaction): the message once per author and client
 * id, and only when it is new the row's preview and the first response. Answers the new row, or none (a duplicate).
 */
function prepareInsert(db: Db) {
  const ins = db.$with('ins').as(db.insert(mensagens).values(answerPlaceholders()).onConflictDoNothing().returning());
  const upd = db.$with('upd').as(
    db
      .update(atendimentos)
      // The preview's values as they are sent (the update's set types take no placeholder; lastMessage's names).
      .set({
        ...guardedPreview(
          sql`${sql.placeholder('ultimaMensagem')}`,
          sql`${sql.placeholder('ultimaMensagemTipo')}`,
          sql`${sql.placeholder('ultimaMensagemEm')}::timestamptz`,
        ),
        ...firstResponse(),
      })
      .where(and(eq(atendimentos.id, sql.placeholder('atendimentoId')), sql`exists (select 1 from ${ins})`))
      .returning({ id: atendimentos.id }),
  );
  return db.with(ins, upd).select().from(ins).prepare('balcao_resposta_insercao');
}

async function insertAnswer(db: Db, a: Pick<AtendimentoRow, 'id' | 'accountId'>, staffId: string, m: NewMessage, at: Date) {
  const preview = lastMessage(m, at);
  const [row] = await statementsFor(db).insert.execute({
    status: 'sent',
    ...messageValues(a, 'atendente', staffId, m),
    // The message and the row's time are one (at): the message event's timestamp is what the row now says.
    createdAt: at,
    ...preview,
    ultimaMensagemEm: at.toISOString(),
  });
  return row ?? null;
}
