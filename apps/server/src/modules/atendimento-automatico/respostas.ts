import { and, eq, isNull, or, lt, sql } from 'drizzle-orm';
import { AUTOMATICO_TEXTS as T, normalizarResposta, textoDoMenu, type TOpcaoMenu } from '@balcao/shared/atendimento-automatico';
import type { TAtendimento } from '@balcao/shared/atendimentos';
import { atendimentoEvents, type AppContext } from '../../context';
import { atendimentos, mensagens } from '../../db/schema/atendimentos';
import type { MenuRow } from '../../db/schema/atendimento-automatico';
import type { Db } from '../../lib/db';
import type { InboundResult } from '../atendimentos/inbound';
import { guardedPreview, lastMessage, messageValues, type NewMessage, outboundStatus, result } from '../atendimentos/service';
import { horariosOf, horariosPara, menuOf } from './config';
import { closedSince } from './horario';

type Log = { warn: (o: object, m?: string) => void };
export type Recebida = { accountId: string; result: InboundResult };

/** Lines the customer gets ('pending' where the channel's outbox sends), or a line for staff alone ('sent'). */
async function storeLines(
  db: Db,
  a: { id: string; accountId: string; origem: TAtendimento['origem'] },
  textos: string[],
  paraCliente: boolean,
) {
  const ids: string[] = [];
  for (const conteudo of textos) {
    const m: NewMessage = { tipo: 'text', conteudo, status: paraCliente ? outboundStatus(a.origem) : 'sent' };
    const p = lastMessage(m);
    const [row] = await db
      .insert(mensagens)
      .values(messageValues(a, 'sistema', null, m))
      .returning({ id: mensagens.id });
    await db
      .update(atendimentos)
      .set(guardedPreview(sql`${p.ultimaMensagem}`, sql`${p.ultimaMensagemTipo}`, sql`${p.ultimaMensagemEm.toISOString()}::timestamptz`))
      .where(eq(atendimentos.id, a.id));
    ids.push(row!.id);
  }
  return ids;
}

/** Stores the lines and tells staff (and, for the customer's lines, the channel: its outbox or the widget's socket). */
async function reply(ctx: AppContext, accountId: string, row: TAtendimento, textos: string[], paraCliente = true, before?: TAtendimento) {
  const ids = await storeLines(ctx.db, { id: row.atendimentoId, accountId, origem: row.origem }, textos, paraCliente);
  const r = await result(ctx.db, accountId, row.atendimentoId, ids);
  const events = atendimentoEvents(ctx);
  events.messages(accountId, r.row, r.mensagens, r.masterId, { toVisitor: paraCliente });
  if (before) events.row(accountId, r.row, before);
}

/**
 * The away message, once per conversation per closed period of the hours it follows (its department's own, else the
 * account's): the first writer after the period began wins.
 */
async function awayMessage(ctx: AppContext, accountId: string, row: TAtendimento, agora: Date) {
  const kept = await horariosOf(ctx.db, accountId);
  const horarios = horariosPara(kept, row.departamentoId);
  if (!horarios) return;
  const desde = closedSince(horarios, agora, kept.timeZone);
  if (!desde) return;
  const [marcado] = await ctx.db
    .update(atendimentos)
    .set({ foraDoHorarioEm: agora })
    .where(and(eq(atendimentos.id, row.atendimentoId), or(isNull(atendimentos.foraDoHorarioEm), lt(atendimentos.foraDoHorarioEm, desde))))
    .returning({ id: atendimentos.id });
  if (!marcado) return;
  await reply(ctx, accountId, row, [horarios.mensagemForaDoHorario], true, row);
}

/** The option an answer names: its number, or its text without accents and case. */
export function chosenOption(opcoes: TOpcaoMenu[], resposta: string): TOpcaoMenu | null {
  const r = normalizarResposta(resposta);
  if (!r) return null;
  return opcoes.find((o) => (/^\d+$/.test(r) && Number(r) === o.numero) || normalizarResposta(o.texto) === r) ?? null;
}

/**
 * The welcome menu: sent when the conversation opens waiting in the queue; then each answer picks an option
 * (the department's queue), `0` shows it again, anything else gets the invalid-option message up to the menu's
 * tries and then the general queue. Every step changes the row only if it still stands as read (a concurrent
 * answer or an attendant's accept wins); a conversation no longer waiting has no menu. Answers the department an
 * option moved the conversation to.
 */
async function menu(ctx: AppContext, { accountId, result: r }: Recebida, m: MenuRow): Promise<string | null> {
  const { db } = ctx;
  const id = r.atendimentoId;
  if (r.opened) {
    if (r.row.status !== 'aguardando' || r.row.atendenteId) return null;
    const [started] = await db
      .update(atendimentos)
      .set({ menuTentativas: 0 })
      .where(and(eq(atendimentos.id, id), isNull(atendimentos.menuTentativas), eq(atendimentos.status, 'aguardando')))
      .returning({ id: atendimentos.id });
    if (started) await reply(ctx, accountId, r.row, [textoDoMenu(m)]);
    return null;
  }
  const [a] = await db
    .select({ status: atendimentos.status, tentativas: atendimentos.menuTentativas })
    .from(atendimentos)
    .where(eq(atendimentos.id, id))
    .limit(1);
  if (!a || a.tentativas === null) return null;
  const still = and(eq(atendimentos.id, id), eq(atendimentos.menuTentativas, a.tentativas), eq(atendimentos.status, 'aguardando'));
  if (a.status !== 'aguardando') {
    // Accepted (or transferred to someone) meanwhile: the menu has ended.
    await db.update(atendimentos).set({ menuTentativas: null }).where(eq(atendimentos.id, id));
    return null;
  }
  const texto = r.mensagens[0]?.conteudo ?? '';
  if (normalizarResposta(texto) === '0') {
    await reply(ctx, accountId, r.row, [textoDoMenu(m)]);
    return null;
  }
  const opcao = chosenOption(m.opcoes, texto);
  if (opcao) {
    const [moved] = await db
      .update(atendimentos)
      .set({ menuTentativas: null, departamentoId: opcao.departamentoId })
      .where(still)
      .returning({ id: atendimentos.id });
    if (!moved) return null;
    await reply(ctx, accountId, r.row, [T.opcaoEscolhida(opcao.numero, opcao.texto)], false, r.row);
    return opcao.departamentoId;
  }
  const tentativas = a.tentativas + 1;
  const desiste = tentativas > m.tentativas;
  const [counted] = await db
    .update(atendimentos)
    .set({ menuTentativas: desiste ? null : tentativas })
    .where(still)
    .returning({ id: atendimentos.id });
  if (!counted) return null;
  if (desiste) await reply(ctx, accountId, r.row, [T.semEscolha], false);
  else await reply(ctx, accountId, r.row, [m.mensagemOpcaoInvalida, textoDoMenu(m)]);
  return null;
}

/** What counts as the customer writing: a new message of theirs (not a reaction, not a redelivery). */
const escreveu = (r: InboundResult) => !r.duplicate && r.mensagens.some((m) => m.autor === 'cliente' && m.tipo !== 'reaction');

/**
 * Called once after ingest stores a batch of events (every channel): the away message and the welcome menu
 * for the customers' new messages, in their order. Cost per message on a warm cache: no read for the hours
 * or the menu (horariosOf, menuOf), one guarded update only when closed. A failure is logged and never fails the ingest.
 */
export async function replyAutomatically(ctx: AppContext, recebidas: (Recebida & { log?: Log })[]) {
  const agora = new Date();
  for (const rec of recebidas) {
    if (!escreveu(rec.result)) continue;
    try {
      const { row } = rec.result;
      await awayMessage(ctx, rec.accountId, row, agora);
      const m = await menuOf(ctx.db, row.canalId);
      const escolhido = m?.ativo && m.opcoes.length ? await menu(ctx, rec, m) : null;
      // The queue the customer chose may keep hours of its own, closed now though the account is open.
      if (escolhido && escolhido !== row.departamentoId)
        await awayMessage(ctx, rec.accountId, { ...row, departamentoId: escolhido }, agora);
    } catch (err) {
      rec.log?.warn({ err, atendimentoId: rec.result.atendimentoId }, 'Atendimento automático');
    }
  }
}
