import { eq, sql } from 'drizzle-orm';
import { type TMidia, tipoFromMime } from '@balcao/shared/atendimentos';
import { WHATSAPP_TEXTS } from '@balcao/shared/canais';
import { atendimentoEvents, type AppContext } from '../../../context';
import { replyAutomatically } from '../../atendimento-automatico/respostas';
import { atendimentos, canais } from '../../../db/schema/atendimentos';
import { withTransaction } from '../../../lib/db';
import { countMensagem, timeEntrada } from '../../../lib/metrics';
import { type InboundResult, receiveFromCliente } from '../inbound';
import { broadcastNewMessage } from '../publisher';
import { transcreverAoChegar } from '../../ia/transcricao';
import { findOpenAtendimento } from '../queries';
import { aplicarPalavrasDeConsentimento } from '../../consentimento/respostas';
import { type NewMessage, result, storeOutbound } from '../service';
import { applyStatus, byExternal, editOrRevoke, removeReaction, RetryLater } from './changes';
import { changeIdentity, customerOf, keyOfPhone } from './customers';
import { type CustomerRow, customerIds, forgetCustomers } from './customers-batch';
import type { IngestSource } from './source';
import { type TEventoInvalido, type TInboundEvent, type TInboundEventParsed, type TMensagemEvento, ZInboundEvent } from './events';

export type { IngestSource };
/**
 * `chegouEm`: when the provider's delivery reached us (ms since the epoch: the webhook's request, the socket
 * event, the visitor's send); by default, when ingest was called. A customer's message is timed from it to its
 * broadcast (balcao_entrada_ate_socket_seconds).
 */
export type IngestItem = { source: IngestSource; event: TInboundEvent | TEventoInvalido; chegouEm?: number };
export type IngestHooks = {
  /** Fetches a provider's file (a message's 'midia' content). */
  media?: (remota: { ref: string; mimeType?: string | null; filename?: string | null }, source: IngestSource) => Promise<TMidia>;
  /** An error the provider may get right later (unreachable): the event is tried again, not failed. */
  retryable?: (err: unknown) => boolean;
  /** A failed event's reason; by default counted on its channel's card and logged for the operator. */
  onFailure?: (item: IngestItem, motivo: string) => Promise<void> | void;
};
/** Per event: stored (a message's result when it was one), failed for good with its reason, or to retry later. */
export type IngestOutcome =
  | { ok: true; result?: InboundResult }
  | { ok: false; retry: false; motivo: string; error?: unknown }
  | { ok: false; retry: true; error: unknown };

const idOf = (e: TInboundEvent) =>
  'externalId' in e && e.externalId ? e.externalId : 'alvo' in e ? e.alvo : 'clientId' in e && e.clientId ? e.clientId : 'evento';

/** Most a plain message needs: it is stored with others in a few statements (receiveFromCliente's batcher). */
const isPlain = (e: TInboundEventParsed): e is TMensagemEvento =>
  e.kind === 'message' &&
  e.autor === 'cliente' &&
  !e.respondendoA &&
  !e.anuncio &&
  (e.conteudo.tipo === 'anexo' || (e.conteudo.tipo === 'texto' && !e.conteudo.contatos) || e.conteudo.tipo === 'local') &&
  (Boolean(e.de.clienteId) || (Boolean(e.de.telefone) && !e.de.lid));

/** A channel's count of failed deliveries and its latest reason (the account's admins see it), and a log line. */
export async function recordFailure(ctx: AppContext, canalId: string, motivo: string, log?: IngestSource['log']) {
  log?.warn({ canalId, motivo }, 'Evento de entrada recusado');
  await ctx.db
    .update(canais)
    .set({ ultimoErroWebhook: `${WHATSAPP_TEXTS.entregaRecusada} ${motivo}`, entregasComFalha: sql`${canais.entregasComFalha} + 1` })
    .where(eq(canais.id, canalId));
}

/** What a message's content becomes in the conversation (a provider's file fetched first). */
async function toMessage(
  source: IngestSource,
  e: TMensagemEvento,
  hooks: IngestHooks,
): Promise<{ mensagem: NewMessage; autor: 'cliente' | 'sistema' }> {
  const c = e.conteudo;
  const ids = { externalId: e.externalId ?? null, clientId: e.clientId ?? null };
  switch (c.tipo) {
    case 'texto':
      return { mensagem: { ...ids, tipo: 'text', conteudo: c.texto, contatos: c.contatos ?? null }, autor: 'cliente' };
    case 'local':
      return { mensagem: { ...ids, tipo: 'location', conteudo: c.texto, localizacao: c.localizacao }, autor: 'cliente' };
    case 'aviso':
      return { mensagem: { ...ids, tipo: 'text', conteudo: c.texto }, autor: 'sistema' };
    case 'anexo':
      return { mensagem: { ...ids, tipo: tipoFromMime(c.midia.mimeType), conteudo: c.legenda, midia: c.midia }, autor: 'cliente' };
    case 'midia': {
      if (!hooks.media) throw new Error('mídia sem quem a busque');
      const midia = await hooks.media(c.remota, source);
      const kind = c.remota.kind;
      const tipo = kind === 'sticker' ? 'image' : kind === 'document' ? 'document' : tipoFromMime(midia.mimeType);
      return { mensagem: { ...ids, tipo, conteudo: c.legenda, midia }, autor: 'cliente' };
    }
  }
}

type TBuilt = { mensagem: NewMessage; autor: 'cliente' | 'sistema' };
/** A plain message of a run (plainRun): its place among the items, and when it reached us. */
type Plain = { k: number; source: IngestSource; e: TMensagemEvento; chegouEm: number };

/**
 * A new message told to the staff (and, from the widget, to the visitor's other tabs and status line): the one
 * place every channel's inbound messages are published, so the one place their arrival is timed (`chegouEm`,
 * a customer's message; never a reaction or a resend).
 */
function publishNew(ctx: AppContext, source: IngestSource, r: InboundResult, chegouEm?: number) {
  const events = atendimentoEvents(ctx);
  broadcastNewMessage(events, source.canal.accountId, r, { toVisitor: Boolean(source.toVisitor) });
  if (source.toVisitor && r.opened) events.visitorState(r.row, null);
  if (chegouEm !== undefined && !r.duplicate) timeEntrada(source.canal.tipo ?? 'outro', chegouEm);
}

function receive(ctx: AppContext, source: IngestSource, clienteId: string, e: TMensagemEvento, built: TBuilt) {
  return receiveFromCliente(ctx.db, {
    canal: source.canal,
    clienteId,
    origem: source.origem,
    departamentoId: source.departamentoId,
    mensagem: built.mensagem,
    autor: built.autor,
    escreveuEm: e.escreveuEm,
  });
}

/** A message the business wrote elsewhere (WhatsApp Web's phone): the attendants' side, already sent. */
async function fromBusiness(ctx: AppContext, source: IngestSource, e: TMensagemEvento, hooks: IngestHooks) {
  const { accountId } = source.canal;
  // pushName on the business's own message is the business's name, never the customer's.
  const clienteId = await customerOf(ctx, accountId, e.de, null);
  const built = await toMessage(source, e, hooks);
  if (built.autor === 'sistema') return; // a kind the inbox cannot show: no notice for the business's own message
  const stored = await withTransaction(ctx.db, (tx) =>
    storeOutbound(tx, {
      accountId,
      clienteId,
      canalId: source.canal.id,
      atendenteId: null,
      clienteEscreveuEm: null,
      mensagem: { ...built.mensagem, status: 'sent' },
    }),
  );
  const r = await result(ctx.db, accountId, stored.atendimentoId, [stored.mensagemId]);
  const events = atendimentoEvents(ctx);
  events.messages(accountId, r.row, r.mensagens, r.masterId, { toVisitor: false });
  events.row(accountId, r.row);
}

/** A message on its own: a redelivery changes nothing; a quote counts only inside the customer's open conversation. */
async function message(
  ctx: AppContext,
  source: IngestSource,
  e: TMensagemEvento,
  hooks: IngestHooks,
  chegouEm: number,
): Promise<IngestOutcome> {
  const { accountId } = source.canal;
  if (await byExternal(ctx, accountId, e.externalId)) return { ok: true };
  if (e.autor === 'atendente') {
    await fromBusiness(ctx, source, e, hooks);
    return { ok: true };
  }
  const clienteId = await customerOf(ctx, accountId, e.de, e.nome ?? null);
  const built = await toMessage(source, e, hooks);
  if (e.respondendoA) {
    const quoted = await byExternal(ctx, accountId, e.respondendoA);
    const open = quoted && (await findOpenAtendimento(ctx.db, clienteId, source.canal.id));
    built.mensagem.respondendoA = quoted && open && quoted.atendimentoId === open.id ? quoted.id : null;
  }
  let r = await receive(ctx, source, clienteId, e, built);
  if (e.anuncio && !r.duplicate) {
    await ctx.db.update(atendimentos).set({ anuncio: e.anuncio }).where(eq(atendimentos.id, r.atendimentoId));
    // The screens learn of a new conversation from this row: it names the ad as a later read would.
    r = { ...r, row: { ...r.row, anuncio: e.anuncio } };
  }
  publishNew(ctx, source, r, chegouEm);
  return { ok: true, result: r };
}

/** A reaction: one per customer and message (a new emoji replaces the previous one), linked only inside their open conversation. */
async function react(ctx: AppContext, source: IngestSource, e: Extract<TInboundEventParsed, { kind: 'reaction' }>): Promise<IngestOutcome> {
  const { accountId } = source.canal;
  if (await byExternal(ctx, accountId, e.externalId)) return { ok: true };
  const clienteId = await customerOf(ctx, accountId, e.de, null);
  await removeReaction(ctx, source, clienteId, e.alvo);
  const alvo = await byExternal(ctx, accountId, e.alvo);
  const open = alvo && (await findOpenAtendimento(ctx.db, clienteId, source.canal.id));
  const r = await receiveFromCliente(ctx.db, {
    canal: source.canal,
    clienteId,
    origem: source.origem,
    departamentoId: source.departamentoId,
    mensagem: {
      tipo: 'reaction',
      conteudo: e.emoji,
      externalId: e.externalId,
      reagindoA: alvo && open && alvo.atendimentoId === open.id ? alvo.id : null,
      alvoExterno: e.alvo,
    },
    escreveuEm: new Date(),
  });
  publishNew(ctx, source, r);
  return { ok: true, result: r };
}

async function handle(
  ctx: AppContext,
  source: IngestSource,
  e: TInboundEventParsed,
  hooks: IngestHooks,
  chegouEm: number,
): Promise<IngestOutcome> {
  const { accountId } = source.canal;
  switch (e.kind) {
    case 'message':
      return message(ctx, source, e, hooks, chegouEm);
    case 'reaction':
      return react(ctx, source, e);
    case 'reaction-removed':
      await removeReaction(ctx, source, await customerOf(ctx, accountId, e.de, null), e.alvo);
      break;
    case 'edit':
    case 'revoke':
      await editOrRevoke(ctx, source, e);
      break;
    case 'status':
      await applyStatus(ctx, source, e);
      break;
    case 'identity':
      await changeIdentity(ctx, accountId, e.de, e.para);
      break;
    case 'opened':
      // The user opened the chat for the first time and wrote nothing: not a message, no conversation queued.
      source.log?.info({ canalId: source.canal.id, externalId: e.externalId }, 'Conversa aberta sem mensagem');
      break;
  }
  return { ok: true };
}

/** An event in its own guard: what fails for good is answered with its reason, never thrown at the others. */
async function guarded(work: () => Promise<IngestOutcome>, id: string, hooks: IngestHooks): Promise<IngestOutcome> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof RetryLater || hooks.retryable?.(err)) return { ok: false, retry: true, error: err };
    return { ok: false, retry: false, motivo: `${id}: ${(err as Error).message}`, error: err };
  }
}

/**
 * Plain messages together: their phone customers in one upsert (kept a few seconds), the messages through the
 * inbound batcher. What fails in the run is tried again on its own, in its own guard (what was stored answers
 * as a duplicate and tells nobody).
 */
async function plainRun(ctx: AppContext, run: Plain[], hooks: IngestHooks, out: IngestOutcome[]) {
  const people = new Map<string, CustomerRow>();
  for (const { source, e } of run) {
    if (!e.de.telefone) continue;
    const { identificador, numero } = keyOfPhone(e.de.telefone);
    const key = `${source.canal.accountId}|${identificador}`;
    const before = people.get(key);
    // One row per customer (an upsert may not touch a row twice); the latest name wins, as one by one.
    people.set(key, {
      account_id: source.canal.accountId,
      identificador,
      numero,
      nome: e.nome || (before && before.nome !== numero ? before.nome : numero),
      bsuid: e.de.bsuid ?? before?.bsuid ?? null,
    });
  }
  const rows = [...people.values()];
  let ids: Map<string, string>;
  try {
    ids = rows.length ? await customerIds(ctx.db, rows) : new Map();
  } catch {
    // A BSUID another customer holds (a unique index): one by one, where the two become one.
    for (const { k, source, e, chegouEm } of run) out[k] = await guarded(() => message(ctx, source, e, hooks, chegouEm), idOf(e), hooks);
    return;
  }
  const settled = await Promise.allSettled(
    run.map(async ({ source, e }) => {
      const clienteId = e.de.clienteId ?? ids.get(`${source.canal.accountId}|${keyOfPhone(e.de.telefone!).identificador}`)!;
      return receive(ctx, source, clienteId, e, await toMessage(source, e, hooks));
    }),
  );
  let failed = false;
  for (const [i, s] of settled.entries()) {
    const { k, source, e, chegouEm } = run[i]!;
    if (s.status === 'fulfilled') {
      publishNew(ctx, source, s.value, chegouEm);
      out[k] = { ok: true, result: s.value };
    } else {
      failed = true;
      out[k] = await guarded(() => message(ctx, source, e, hooks, chegouEm), idOf(e), hooks);
    }
  }
  // Maybe a kept id whose customer is gone (merged): forget them all, the next upsert writes them.
  if (failed) forgetCustomers(ctx.db, rows);
}

/**
 * The one way in: a driver's events, each checked by the shared schema and handled in its own guard, in order.
 * Runs of plain messages go together (plainRun); the others one by one. A failed event is reported (onFailure,
 * or counted on its channel) and answered; it never takes another event down.
 */
export async function ingest(ctx: AppContext, items: IngestItem[], hooks: IngestHooks = {}): Promise<IngestOutcome[]> {
  const now = Date.now();
  const out: IngestOutcome[] = new Array(items.length);
  let run: Plain[] = [];
  const flush = async () => {
    if (run.length) await plainRun(ctx, run, hooks, out);
    run = [];
  };
  for (const [k, item] of items.entries()) {
    const { source, event } = item;
    if (event.kind === 'invalid') {
      out[k] = { ok: false, retry: false, motivo: event.motivo };
      continue;
    }
    const parsed = ZInboundEvent.safeParse(event);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      out[k] = { ok: false, retry: false, motivo: `${idOf(event)}: ${[...(issue?.path ?? []), issue?.message].join(' ')}` };
      continue;
    }
    const e = parsed.data;
    const chegouEm = item.chegouEm ?? now;
    if (isPlain(e)) {
      run.push({ k, source, e, chegouEm });
      continue;
    }
    await flush();
    out[k] = await guarded(() => handle(ctx, source, e, hooks, chegouEm), idOf(event), hooks);
  }
  await flush();
  // Opt-out and opt-in words (SAIR, VOLTAR): the consent module reads what was stored, for every channel.
  const palavras = await aplicarPalavrasDeConsentimento(
    ctx,
    items.map((item, k) => ({ item, outcome: out[k]! })),
  );
  // Voice notes of accounts that transcribe on arrival: after they are stored and told, off this path.
  transcreverAoChegar(
    ctx,
    out.flatMap((o, k) =>
      o?.ok && o.result && !o.result.duplicate ? [{ accountId: items[k]!.source.canal.accountId, mensagens: o.result.mensagens }] : [],
    ),
  );
  // The away message and the welcome menu, after what came in is stored and told (one place, every channel);
  // a consent word already had its own answer.
  await replyAutomatically(
    ctx,
    out.flatMap((o, k) =>
      o.ok && o.result && !palavras.has(k)
        ? [{ accountId: items[k]!.source.canal.accountId, result: o.result, log: items[k]!.source.log }]
        : [],
    ),
  );
  for (const [k, o] of out.entries()) {
    const item = items[k]!;
    // The customer's messages (not their statuses, reactions or an attendant's echo), once settled.
    const { event } = item;
    if (event.kind === 'message' && event.autor !== 'atendente' && (o.ok || !o.retry))
      countMensagem(item.source.canal.tipo ?? 'outro', 'entrada', o.ok ? 'recebida' : 'falhou');
    if (o.ok || o.retry) continue;
    if (hooks.onFailure) await hooks.onFailure(item, o.motivo);
    else await recordFailure(ctx, item.source.canal.id, o.motivo, item.source.log);
  }
  return out;
}
