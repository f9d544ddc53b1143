import { and, asc, eq, isNotNull, isNull, lte, max, or, sql } from 'drizzle-orm';
import { tipoFromMime } from '@balcao/shared/atendimentos';
import { MENSAGENS_AGENDADAS_TEXTS as T } from '@balcao/shared/mensagens-agendadas';
import { alcancaCliente, CAPACIDADES_CANAL } from '@balcao/shared/canais';
import { atendimentoEvents, type AppContext } from '../../context';
import { asCanal, atendimentos, canais, clientes } from '../../db/schema/atendimentos';
import { mensagensAgendadas, type MensagemAgendadaRow } from '../../db/schema/mensagens-agendadas';
import { type Db, withTransaction } from '../../lib/db';
import { AppError } from '../../lib/errors';
import { agendadasTotal } from '../../lib/metrics';
import { publicarEnviada } from '../atendimentos/publicar-enviada';
import { storeOutbound } from '../atendimentos/service';
import { recusaWhatsApp } from '../consentimento/queries';
import { assertLicencaAtiva } from '../licenca/service';
import { proximoEnvio } from './recorrencia';
import { timeZoneOf } from './service';

/** Tries of one due time before it is given up (a one-off ends; a repeating one moves to its next time). */
const MAX_TENTATIVAS = 6;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 30 * 60_000;
/** Most rows one pass sends: the next pass (a few seconds later, on any instance) takes the rest. */
const POR_PASSADA = 500;

/** A reason the scheduler gives on the row instead of sending (the admin reads it). */
class NaoEnviada extends Error {}

/** When the customer last wrote on this channel, in any of their atendimentos (WhatsApp's window is per customer). */
export async function clienteEscreveuEm(tx: Db, clienteId: string, canalId: string): Promise<Date | null> {
  const [r] = await tx
    .select({ em: max(atendimentos.clienteEscreveuEm) })
    .from(atendimentos)
    .where(and(eq(atendimentos.clienteId, clienteId), eq(atendimentos.canalId, canalId)));
  return r?.em ? new Date(r.em) : null;
}

/** After a send (or giving a time up): the next time after both the one just handled and now (missed ones are skipped). */
async function afterTime(tx: Db, row: MensagemAgendadaRow, now: Date) {
  const handled = row.proximoEnvio!;
  const after = handled > now ? handled : now;
  return proximoEnvio(row.dataEnvio, row.recorrencia, await timeZoneOf(tx, row.accountId), after);
}

/** Writes the due message into the customer's atendimento and moves the row on, in the caller's (claiming) transaction. */
async function sendRow(tx: Db, row: MensagemAgendadaRow, now: Date) {
  // An expired licence sends nothing to customers (the same rule as the attendants' sends): the reason shows on the row.
  await assertLicencaAtiva(tx, row.accountId, now).catch((err: unknown) => {
    throw err instanceof AppError && err.status === 402 ? new NaoEnviada(err.message) : err;
  });
  const [canalRow] = await tx.select().from(canais).where(eq(canais.id, row.canalId)).limit(1);
  const canal = canalRow ? asCanal(canalRow) : null;
  const cap = canal ? CAPACIDADES_CANAL[canal.tipo] : null;
  if (!canal || !cap || canal.removidoEm || !canal.ativo || !cap.iniciaConversa) throw new NaoEnviada(T.canalInativo);
  const [cliente] = await tx
    .select({ numero: clientes.numero, identificador: clientes.identificador, bsuid: clientes.bsuid })
    .from(clientes)
    .where(eq(clientes.id, row.clienteId))
    .limit(1);
  if (!cliente || !alcancaCliente(cap, cliente)) throw new NaoEnviada(T.clienteSemNumero);
  // A customer who declined or revoked (LGPD) gets no proactive message; one never asked does (the account decides).
  const recusa = await recusaWhatsApp(tx, row.accountId, row.clienteId);
  if (recusa) throw new NaoEnviada(recusa);
  // Each channel's own rules: the Cloud API's 24-hour window (a template outside it); WhatsApp Web has no window.
  const escreveu = await clienteEscreveuEm(tx, row.clienteId, row.canalId);
  const janela = cap.janelaRespostaMs;
  const naJanela = janela === null || (escreveu !== null && now.getTime() - escreveu.getTime() <= janela);
  if (!naJanela && !row.modelo) throw new NaoEnviada(T.foraDaJanela);
  const stored = await storeOutbound(tx, {
    accountId: row.accountId,
    clienteId: row.clienteId,
    canalId: row.canalId,
    atendenteId: row.criadoPor,
    clienteEscreveuEm: escreveu,
    mensagem: {
      // The same time twice is the same message (a second guard besides the row lock).
      clientId: `agendada:${row.id}:${row.proximoEnvio!.toISOString()}`,
      tipo: row.midia && naJanela ? tipoFromMime(row.midia.mimeType) : 'text',
      conteudo: row.conteudo,
      midia: naJanela ? (row.midia ?? null) : null,
      agendadaId: row.id,
      modelo: naJanela || !cap.modelos ? null : row.modelo,
    },
  });
  await tx
    .update(mensagensAgendadas)
    .set({
      proximoEnvio: await afterTime(tx, row, now),
      tentativas: 0,
      proximaTentativaEm: null,
      ultimoEnvioEm: now,
      ultimaMensagemId: stored.mensagemId,
      ultimoErro: null,
      envios: sql`${mensagensAgendadas.envios} + 1`,
    })
    .where(eq(mensagensAgendadas.id, row.id));
  return stored;
}

/** A failed try: the reason on the row and a later try with back-off; past the last try the time is given up. */
async function recordFailure(db: Db, row: MensagemAgendadaRow, reason: string, now: Date) {
  const tentativas = row.tentativas + 1;
  const giveUp = tentativas >= MAX_TENTATIVAS;
  const wait = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (tentativas - 1));
  await db
    .update(mensagensAgendadas)
    .set(
      giveUp
        ? { proximoEnvio: await afterTime(db, row, now), tentativas: 0, proximaTentativaEm: null, ultimoErro: reason, ultimoEnvioEm: now }
        : { tentativas, proximaTentativaEm: new Date(now.getTime() + wait), ultimoErro: reason },
    )
    .where(eq(mensagensAgendadas.id, row.id));
}

/** Due now: active, its time passed, not waiting out a back-off (the scheduler's scan; also the metrics' count). */
export const devida = (now: Date) =>
  and(
    eq(mensagensAgendadas.ativo, true),
    isNotNull(mensagensAgendadas.proximoEnvio),
    lte(mensagensAgendadas.proximoEnvio, now),
    or(isNull(mensagensAgendadas.proximaTentativaEm), lte(mensagensAgendadas.proximaTentativaEm, now)),
  );

/**
 * One pass: every due scheduled message is sent once. Each row is claimed with FOR UPDATE SKIP LOCKED in its own
 * transaction, which also writes the message and moves the row's next time on: another instance's pass skips
 * a claimed row and, once that commits, no longer finds it due; a crash before the commit leaves it due for
 * the next pass. The messages then go out through the channel's queue (sent once, retried with back-off).
 * Answers how many rows were handled (sent or failed).
 */
export async function enviarAgendadasDevidas(ctx: AppContext, now: () => Date = () => new Date()): Promise<number> {
  let handled = 0;
  while (handled < POR_PASSADA) {
    const t = now();
    const claim: { row: MensagemAgendadaRow | null } = { row: null };
    let sent: { atendimentoId: string; mensagemId: string } | null = null;
    try {
      sent = await withTransaction(ctx.db, async (tx) => {
        const [row] = await tx
          .select()
          .from(mensagensAgendadas)
          .where(devida(t))
          .orderBy(asc(mensagensAgendadas.proximoEnvio))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return null;
        claim.row = row;
        try {
          return await sendRow(tx, row, t);
        } catch (err) {
          if (!(err instanceof NaoEnviada)) throw err;
          await recordFailure(tx, row, err.message, t);
          return null;
        }
      });
    } catch (err) {
      // The transaction rolled back (a database error): the row stays due, later, with the reason on it.
      if (!claim.row) throw err;
      await recordFailure(ctx.db, claim.row, T.erroInterno, t);
    }
    if (!claim.row) break;
    handled++;
    agendadasTotal.inc({ resultado: sent ? 'enviada' : 'falhou' });
    if (sent) await publicarEnviada(ctx.db, atendimentoEvents(ctx), claim.row.accountId, sent);
  }
  return handled;
}
