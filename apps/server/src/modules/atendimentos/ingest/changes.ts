import { and, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import { atendimentoEvents, type AppContext } from '../../../context';
import { atendimentos, clientes, type MensagemRow, mensagens } from '../../../db/schema/atendimentos';
import { result } from '../service';
import { keyOfPhone } from './customers';
import type { TIdentidade, TInboundEventParsed } from './events';
import type { IngestSource } from './source';

type Of<K extends TInboundEventParsed['kind']> = Extract<TInboundEventParsed, { kind: K }>;

/** An event that may succeed later (a status ahead of the send that learns its id): tried again, never failed. */
export class RetryLater extends Error {}

export async function byExternal(ctx: AppContext, accountId: string, externalId: string | null | undefined): Promise<MensagemRow | null> {
  if (!externalId) return null;
  const [row] = await ctx.db
    .select()
    .from(mensagens)
    .where(and(eq(mensagens.accountId, accountId), eq(mensagens.externalId, externalId)))
    .limit(1);
  return row ?? null;
}

/** Shows changed messages (edited, deleted, a reaction removed) to the staff who see their conversation. */
async function publishChanged(ctx: AppContext, accountId: string, atendimentoId: string, ids: string[]) {
  if (!ids.length) return;
  const r = await result(ctx.db, accountId, atendimentoId, ids);
  atendimentoEvents(ctx).messages(accountId, r.row, r.mensagens, r.masterId, { toVisitor: false });
}

/**
 * Whether `de` is the author of a stored message: a customer's message, of a conversation of the customer the
 * identity names. The one authorship rule of every driver for edits and deletions.
 */
async function isAuthor(ctx: AppContext, m: MensagemRow, de: TIdentidade) {
  if (m.autor !== 'cliente') return false;
  const [c] = await ctx.db
    .select({ id: clientes.id, identificador: clientes.identificador, bsuid: clientes.bsuid })
    .from(atendimentos)
    .innerJoin(clientes, eq(clientes.id, atendimentos.clienteId))
    .where(eq(atendimentos.id, m.atendimentoId))
    .limit(1);
  if (!c) return false;
  return (
    c.id === de.clienteId ||
    (de.telefone !== undefined && c.identificador === keyOfPhone(de.telefone).identificador) ||
    (de.bsuid !== undefined && c.bsuid === de.bsuid) ||
    (de.lid !== undefined && c.identificador === `whatsapp-lid:${de.lid}`)
  );
}

/** A customer's own message edited or deleted for everyone; anyone else's is left as it is. */
export async function editOrRevoke(ctx: AppContext, source: IngestSource, e: Of<'edit'> | Of<'revoke'>) {
  const { accountId } = source.canal;
  const orig = await byExternal(ctx, accountId, e.alvo);
  if (!orig) return;
  if (!(await isAuthor(ctx, orig, e.de))) {
    source.log?.warn({ canalId: source.canal.id, alvo: e.alvo, kind: e.kind }, 'Alteração de uma mensagem de outro autor ignorada');
    return;
  }
  let set: Partial<MensagemRow>;
  if (e.kind === 'edit') {
    const conteudo = e.conteudo ?? orig.conteudo;
    if (orig.editada && orig.conteudo === conteudo) return;
    set = { conteudo, editada: true };
  } else {
    if (orig.apagada) return;
    set = { apagada: true };
  }
  await ctx.db.update(mensagens).set(set).where(eq(mensagens.id, orig.id));
  await publishChanged(ctx, accountId, orig.atendimentoId, [orig.id]);
}

/**
 * The customer's reaction to a message removed (or replaced by a new one): marked deleted in every conversation
 * of that customer on the channel. Only the customer's own reactions: never anyone else's.
 */
export async function removeReaction(ctx: AppContext, source: IngestSource, clienteId: string, alvo: string) {
  const { accountId } = source.canal;
  const target = await byExternal(ctx, accountId, alvo);
  const mine = ctx.db
    .select({ id: atendimentos.id })
    .from(atendimentos)
    .where(and(eq(atendimentos.clienteId, clienteId), eq(atendimentos.canalId, source.canal.id)));
  const gone = await ctx.db
    .update(mensagens)
    .set({ apagada: true })
    .where(
      and(
        eq(mensagens.accountId, accountId),
        inArray(mensagens.atendimentoId, mine),
        eq(mensagens.autor, 'cliente'),
        eq(mensagens.tipo, 'reaction'),
        eq(mensagens.apagada, false),
        target ? or(eq(mensagens.reagindoA, target.id), eq(mensagens.alvoExterno, alvo)) : eq(mensagens.alvoExterno, alvo),
      ),
    )
    .returning({ id: mensagens.id, atendimentoId: mensagens.atendimentoId });
  for (const g of gone) await publishChanged(ctx, accountId, g.atendimentoId, [g.id]);
}

/** Provider order of a message's life; a status never moves back (read implies delivered, which may be skipped). */
const RANK = { pending: 0, sent: 1, delivered: 2, read: 3 } as const;

async function sendInFlight(ctx: AppContext, canalId: string) {
  const [row] = await ctx.db
    .select({ id: mensagens.id })
    .from(mensagens)
    .innerJoin(atendimentos, eq(atendimentos.id, mensagens.atendimentoId))
    .where(and(eq(atendimentos.canalId, canalId), eq(mensagens.status, 'pending'), isNotNull(mensagens.enviandoEm)))
    .limit(1);
  return Boolean(row);
}

/** sent, delivered, read: only forward; failed: with the provider's reason, only before delivery. Never a customer's message. */
export async function applyStatus(ctx: AppContext, source: IngestSource, e: Of<'status'>) {
  const { accountId } = source.canal;
  const from =
    e.status === 'failed'
      ? (['pending', 'sent'] as const)
      : (['pending', 'sent', 'delivered'] as const).filter((st) => RANK[st] < RANK[e.status as keyof typeof RANK]);
  if (from.length === 0) return;
  const changed = await ctx.db
    .update(mensagens)
    .set({ status: e.status, enviandoEm: null, ...(e.status === 'failed' ? { erroEnvio: e.erro ?? null } : {}) })
    .where(
      and(
        eq(mensagens.accountId, accountId),
        eq(mensagens.externalId, e.externalId),
        inArray(mensagens.status, [...from]),
        ne(mensagens.autor, 'cliente'),
      ),
    )
    .returning();
  // A status can outrun the send that learns its id: while a send of this channel is in flight, try it again later.
  if (changed.length === 0 && !(await byExternal(ctx, accountId, e.externalId)) && (await sendInFlight(ctx, source.canal.id)))
    throw new RetryLater('status de um envio ainda sem resposta do provedor');
  for (const msg of changed) {
    const r = await result(ctx.db, accountId, msg.atendimentoId, []);
    atendimentoEvents(ctx).status(accountId, r.row, {
      atendimentoId: msg.atendimentoId,
      messageId: msg.id,
      clientId: msg.clientId,
      status: msg.status,
    });
  }
}
