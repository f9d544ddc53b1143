import { and, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alcancaCliente, CAPACIDADES_CANAL } from '@balcao/shared/canais';
import {
  MENSAGENS_AGENDADAS_TEXTS as T,
  type TCanalAgendavel,
  type TMensagemAgendada,
  type TMensagemAgendadaFiltro,
  type ZMensagemAgendadaInput,
} from '@balcao/shared/mensagens-agendadas';
import type { z } from 'zod';
import { accounts } from '../../db/schema/accounts';
import { asCanal, canais, clientes, mensagens } from '../../db/schema/atendimentos';
import { mensagensAgendadas, type MensagemAgendadaRow } from '../../db/schema/mensagens-agendadas';
import { clienteCorresponde } from '../../lib/busca-cliente';
import type { Db } from '../../lib/db';
import { BadRequest, NotFound } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';
import { assertAnexoDaConta } from '../atendimentos/anexos';
import { ilike, likePattern } from '../atendimentos/queries';
import { listCanais } from '../canais/service';
import { primeiroEnvio, proximoEnvio } from './recorrencia';

type Input = z.output<typeof ZMensagemAgendadaInput>;
/** A one-off a little in the past is still accepted (the form's clock, the request's trip): it goes out at once. */
const TOLERANCIA_PASSADO_MS = 60_000;

export async function timeZoneOf(db: Db, accountId: string): Promise<string> {
  const [a] = await db.select({ tz: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return a?.tz ?? 'America/Sao_Paulo';
}

/** The next send from now on (a one-off: its own time, refused when past). */
function nextFromNow(row: Pick<Input, 'dataEnvio' | 'recorrencia'>, tz: string, now: Date): Date {
  const after = new Date(now.getTime() - TOLERANCIA_PASSADO_MS);
  const next = proximoEnvio(row.dataEnvio, row.recorrencia, tz, after);
  if (!next) {
    const field = row.recorrencia.tipo === 'unica' ? 'dataEnvio' : 'recorrencia';
    throw new BadRequest(T.dataPassada, { [field]: [T.dataPassada] });
  }
  return next;
}

function selectAgendadas(db: Db, where: SQL | undefined) {
  return db
    .select({
      r: mensagensAgendadas,
      clienteNome: clientes.nome,
      clienteNumero: clientes.numero,
      canalNome: canais.nome,
      msgStatus: mensagens.status,
      msgErro: mensagens.erroEnvio,
    })
    .from(mensagensAgendadas)
    .innerJoin(clientes, eq(clientes.id, mensagensAgendadas.clienteId))
    .innerJoin(canais, eq(canais.id, mensagensAgendadas.canalId))
    .leftJoin(mensagens, eq(mensagens.id, mensagensAgendadas.ultimaMensagemId))
    .where(where)
    .$dynamic();
}
type Joined = Awaited<ReturnType<typeof selectAgendadas>>[number];

/** Concluded: nothing left to send (a one-off sent, or given up); otherwise active or not as the toggle says. */
const statusOf = (r: MensagemAgendadaRow) => (r.proximoEnvio === null ? 'concluida' : r.ativo ? 'ativa' : 'inativa');

/** The one presenter of a scheduled message; the last result is the scheduler's failure or its message's status. */
function presentAgendada({ r, clienteNome, clienteNumero, canalNome, msgStatus, msgErro }: Joined): TMensagemAgendada {
  const ultimoResultado = r.ultimoErro
    ? 'falhou'
    : msgStatus === null
      ? null
      : msgStatus === 'pending'
        ? 'enviando'
        : msgStatus === 'failed'
          ? 'falhou'
          : 'enviada';
  return {
    id: r.id,
    clienteId: r.clienteId,
    clienteNome,
    clienteNumero,
    canalId: r.canalId,
    canalNome,
    conteudo: r.conteudo,
    midia: r.midia ?? null,
    dataEnvio: r.dataEnvio,
    recorrencia: r.recorrencia,
    modelo: r.modelo ?? null,
    ativo: r.ativo,
    status: statusOf(r),
    proximoEnvio: r.proximoEnvio?.toISOString() ?? null,
    ultimoEnvioEm: r.ultimoEnvioEm?.toISOString() ?? null,
    ultimoResultado,
    ultimoErro: r.ultimoErro ?? (msgStatus === 'failed' ? msgErro : null),
    proximaTentativaEm: r.proximaTentativaEm?.toISOString() ?? null,
    envios: r.envios,
    criadaEm: r.createdAt.toISOString(),
  };
}

const STATUS_WHERE: Record<NonNullable<NonNullable<TMensagemAgendadaFiltro>['status']>, SQL> = {
  ativa: and(isNotNull(mensagensAgendadas.proximoEnvio), eq(mensagensAgendadas.ativo, true))!,
  inativa: and(isNotNull(mensagensAgendadas.proximoEnvio), eq(mensagensAgendadas.ativo, false))!,
  concluida: isNull(mensagensAgendadas.proximoEnvio),
};

export async function listAgendadas(db: Db, accountId: string, filtro: TMensagemAgendadaFiltro, page: number, take: number) {
  const where = and(
    eq(mensagensAgendadas.accountId, accountId),
    filtro?.status ? STATUS_WHERE[filtro.status] : undefined,
    filtro?.clienteId ? eq(mensagensAgendadas.clienteId, filtro.clienteId) : undefined,
    filtro?.pesquisa
      ? or(ilike(mensagensAgendadas.conteudo, likePattern(filtro.pesquisa)), clienteCorresponde(clientes, likePattern(filtro.pesquisa)))
      : undefined,
  );
  const [rows, [n]] = await Promise.all([
    selectAgendadas(db, where)
      .orderBy(sql`${mensagensAgendadas.proximoEnvio} asc nulls last`, desc(mensagensAgendadas.createdAt))
      .limit(take)
      .offset((page - 1) * take),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(mensagensAgendadas)
      .innerJoin(clientes, eq(clientes.id, mensagensAgendadas.clienteId))
      .where(where),
  ]);
  return { lista: rows.map(presentAgendada), total: n?.n ?? 0 };
}

export async function getAgendada(db: Db, accountId: string, id: string): Promise<TMensagemAgendada> {
  const [row] = await selectAgendadas(db, and(eq(mensagensAgendadas.id, id), eq(mensagensAgendadas.accountId, accountId))).limit(1);
  if (!row) throw new NotFound(T.naoEncontrada);
  return presentAgendada(row);
}

/** The channels of the account that can write first (scheduled messages), by their declared capabilities. */
export async function canaisAgendaveis(db: Db, accountId: string): Promise<TCanalAgendavel[]> {
  return (await listCanais(db, accountId))
    .filter((c) => CAPACIDADES_CANAL[c.tipo].iniciaConversa)
    .map((c) => ({
      id: c.id,
      nome: c.nome,
      ativo: c.ativo,
      modelos: CAPACIDADES_CANAL[c.tipo].modelos,
      janelaRespostaMs: CAPACIDADES_CANAL[c.tipo].janelaRespostaMs,
    }));
}

/**
 * The customer and channel must be the account's; the channel one that can write first (a WhatsApp number, by
 * Cloud API or WhatsApp Web), a template only where the channel has them, the customer one the channel can reach.
 */
async function assertDestino(db: Db, accountId: string, input: Input) {
  const [cliente] = await db
    .select({ numero: clientes.numero, identificador: clientes.identificador, bsuid: clientes.bsuid })
    .from(clientes)
    .where(and(eq(clientes.id, input.clienteId), eq(clientes.accountId, accountId)))
    .limit(1);
  if (!cliente) throw new NotFound(T.clienteNaoEncontrado);
  const [canalRow] = await db
    .select()
    .from(canais)
    .where(and(eq(canais.id, input.canalId), eq(canais.accountId, accountId), isNull(canais.removidoEm)))
    .limit(1);
  if (!canalRow) throw new NotFound(T.canalNaoEncontrado);
  const cap = CAPACIDADES_CANAL[asCanal(canalRow).tipo];
  if (!cap.iniciaConversa) throw new BadRequest(T.canalSemEnvio, { canalId: [T.canalSemEnvio] });
  if (input.modelo && !cap.modelos) throw new BadRequest(T.modeloSemSuporte, { modelo: [T.modeloSemSuporte] });
  if (!alcancaCliente(cap, cliente)) throw new BadRequest(T.clienteSemNumero, { clienteId: [T.clienteSemNumero] });
}

export async function saveAgendada(db: Db, user: TSessionUser, input: Input, now = new Date()): Promise<TMensagemAgendada> {
  await assertDestino(db, user.accountId, input);
  // Sent later as a staff message: the same rule, an upload of this account and nothing else.
  if (input.midia) assertAnexoDaConta(user.accountId, input.midia.url);
  const tz = await timeZoneOf(db, user.accountId);
  // Validates the date first: a one-off in the past is refused even when saved inactive.
  primeiroEnvio(input.dataEnvio, tz);
  const proximo = nextFromNow(input, tz, now);
  const values = {
    clienteId: input.clienteId,
    canalId: input.canalId,
    conteudo: input.conteudo,
    midia: input.midia ?? null,
    dataEnvio: input.dataEnvio,
    recorrencia: input.recorrencia,
    modelo: input.modelo ?? null,
    ativo: input.ativo,
    proximoEnvio: proximo,
    tentativas: 0,
    proximaTentativaEm: null,
    ultimoErro: null,
  };
  let id = input.id;
  if (id) {
    const [row] = await db
      .update(mensagensAgendadas)
      .set(values)
      .where(and(eq(mensagensAgendadas.id, id), eq(mensagensAgendadas.accountId, user.accountId)))
      .returning({ id: mensagensAgendadas.id });
    if (!row) throw new NotFound(T.naoEncontrada);
  } else {
    const [row] = await db
      .insert(mensagensAgendadas)
      .values({ ...values, accountId: user.accountId, criadoPor: user.id })
      .returning({ id: mensagensAgendadas.id });
    id = row!.id;
  }
  return getAgendada(db, user.accountId, id);
}

export async function deleteAgendada(db: Db, accountId: string, id: string) {
  const [row] = await db
    .delete(mensagensAgendadas)
    .where(and(eq(mensagensAgendadas.id, id), eq(mensagensAgendadas.accountId, accountId)))
    .returning({ id: mensagensAgendadas.id });
  if (!row) throw new NotFound(T.naoEncontrada);
}

/** Turns sending on (the next time from now on, never a stale one) or off; answers the next send. */
export async function ativarAgendada(db: Db, accountId: string, id: string, ativo: boolean, now = new Date()) {
  const [row] = await db
    .select()
    .from(mensagensAgendadas)
    .where(and(eq(mensagensAgendadas.id, id), eq(mensagensAgendadas.accountId, accountId)))
    .limit(1);
  if (!row) throw new NotFound(T.naoEncontrada);
  if (!ativo) {
    await db.update(mensagensAgendadas).set({ ativo: false }).where(eq(mensagensAgendadas.id, id));
    return { ativo: false, proximoEnvio: null };
  }
  // A concluded one (a one-off sent or given up) has no time left: reactivating it would answer its old time
  // and count a send that never happens again. A new send is a new date, chosen by editing it.
  if (row.proximoEnvio === null) throw new BadRequest(T.unicaConcluida, { ativo: [T.unicaConcluida] });
  const next = nextFromNow(row, await timeZoneOf(db, accountId), now);
  await db
    .update(mensagensAgendadas)
    .set({ ativo: true, proximoEnvio: next, tentativas: 0, proximaTentativaEm: null, ultimoErro: null })
    .where(eq(mensagensAgendadas.id, id));
  return { ativo: true, proximoEnvio: next.toISOString() };
}
