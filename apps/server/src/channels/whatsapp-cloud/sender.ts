import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema/accounts';
import {
  asCanal,
  type AtendimentoRow,
  atendimentos,
  canais,
  clientes,
  mensagens,
  type MensagemRow,
  type WhatsAppCanalRow,
} from '../../db/schema/atendimentos';
import { anyId, rawRows } from '../../lib/db';
import { KickLoop } from '../../lib/kick-loop';
import { WriteBatcher } from '../../lib/write-batcher';
import { publicOrigin } from '../../lib/public-origin';
import { ratingLink } from '../../modules/avaliacao/link';
import { AVALIACAO_CONVITE } from '../../modules/atendimentos/service';
import type { TCapacidadesCanal, TTipoMidia } from '@balcao/shared/canais';
import { AppError } from '../../lib/errors';
import { type GraphClient, GraphError } from './client';
import { mediaForMeta } from './media-out';
import { announceStatus } from '../whatsapp-common';
import { openSecrets, recordConexao } from './service';

/** Tries before a retryable error (Meta's 130429 and 131056, 5xx) marks the message failed; back-off doubles each time. */
const MAX_TENTATIVAS = 8;
const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 5 * 60_000;
/** A send claimed this long ago without an outcome was cut by a crash: failed, never sent twice. */
const INTERRUPTED_AFTER_MS = 2 * 60_000;
const CLAIM_BATCH = 100;
/** Conversations whose claimed messages go out at once, each in its own order. */
const CONVERSATIONS_AT_ONCE = 16;
const RETRY_SCAN_MS = 5000;
const ENVIO_INTERROMPIDO =
  'O envio foi interrompido (o servidor reiniciou durante o envio). Confira no WhatsApp do cliente e reenvie se necessário.';
const ALVO_FORA_DO_WHATSAPP = 'A mensagem citada não está no WhatsApp do cliente.';
/** A rate limit or outage that outlasted every try: Meta's own text promises a retry that will not come. */
const TENTATIVAS_ESGOTADAS =
  'O WhatsApp recusou o envio várias vezes seguidas (limite de mensagens ou instabilidade do Meta); reenvie daqui a pouco.';

/** At most `perSecond` sends per phone number in any second (Meta's per-number throughput; env WHATSAPP_SENDS_PER_SECOND). */
export class PerNumberLimiter {
  private readonly sent = new Map<string, number[]>();
  constructor(private readonly perSecond: number) {}
  async take(numero: string) {
    for (;;) {
      const now = Date.now();
      const recent = (this.sent.get(numero) ?? []).filter((t) => now - t < 1000);
      if (recent.length < this.perSecond) {
        recent.push(now);
        this.sent.set(numero, recent);
        return;
      }
      await new Promise((r) => setTimeout(r, 1000 - (now - recent[0]!)));
    }
  }
}

/** A send's outcome: sent with Meta's wamid, or failed with the reason shown to the attendant. */
type Outcome = { id: string; status: 'sent' | 'failed'; externalId: string | null; erroEnvio: string | null };
type SettledRow = {
  id: string;
  account_id: string;
  atendimento_id: string;
  client_id: string | null;
  status: MensagemRow['status'];
  atendente_id: string | null;
  a_status: AtendimentoRow['status'];
  departamento_id: string | null;
};
/** Where a conversation's messages go: its channel, the customer's number and the account (for the rating link). */
type SendContext = {
  canal: typeof canais.$inferSelect;
  cliente: { numero: string | null; identificador: string | null; bsuid: string | null };
  databaseName: string;
};

const MIDIA_TIPOS = new Set(['image', 'video', 'audio', 'document']);
const digitsOf = (identificador: string | null, numero: string | null) =>
  (identificador?.startsWith('whatsapp:') ? identificador.slice('whatsapp:'.length) : (numero ?? '')).replace(/\D/g, '');
/** Meta's rule: `to` for a phone number; `recipient` (the BSUID) for a customer known only by it. */
const destinoOf = (c: SendContext['cliente']): Record<string, string> => {
  const to = digitsOf(c.identificador, c.numero);
  return !to && c.bsuid ? { recipient: c.bsuid } : { to };
};

/**
 * The outbound queue of WhatsApp: attendants' answers and system notices are stored 'pending' first
 * (modules/atendimentos/service.ts), then this sends them to Meta in order, per number under the rate
 * limit. Each message is claimed (enviando_em) before its call and settled after: sent with its wamid, retried
 * later with back-off (Meta's 130429 and 5xx), or failed with Meta's reason (the attendant can resend). A
 * claim without an outcome (a crash mid-call) becomes failed at the next start: the same message never
 * reaches Meta twice. Several instances may run it: claims use FOR UPDATE SKIP LOCKED.
 */
export class WhatsAppSender {
  private readonly loop = new KickLoop(() => this.drain());
  private timer: NodeJS.Timeout | null = null;
  private readonly limiter: PerNumberLimiter;
  private readonly settler = new WriteBatcher((outcomes: Outcome[]) => this.settleAll(outcomes), CLAIM_BATCH);

  constructor(
    private readonly ctx: AppContext,
    private readonly graph: GraphClient,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    sendsPerSecond: number,
    /** The driver's declared capabilities: which media formats and sizes go out, and what is converted first. */
    private readonly capabilities: TCapacidadesCanal,
  ) {
    this.limiter = new PerNumberLimiter(sendsPerSecond);
  }

  /** Marks interrupted sends failed, sends what waits, then looks for due retries every few seconds. */
  async start() {
    await this.ctx.db
      .update(mensagens)
      .set({ status: 'failed', erroEnvio: ENVIO_INTERROMPIDO, enviandoEm: null })
      .where(and(eq(mensagens.status, 'pending'), lt(mensagens.enviandoEm, new Date(Date.now() - INTERRUPTED_AFTER_MS))));
    this.timer = setInterval(() => this.kick(), RETRY_SCAN_MS);
    this.timer.unref();
    this.kick();
  }

  kick() {
    this.loop.kick();
  }

  /** Resolves once nothing is being sent (tests; shutdown). */
  idle() {
    return this.loop.idle();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }

  private async drain() {
    try {
      for (;;) {
        const claimed = await this.claim();
        if (claimed.length === 0) return;
        const contexts = await this.contexts(claimed);
        // Each conversation in its order, several conversations at once (one slow call no longer holds every
        // other customer's answer). The next claim waits for all, so a later message never overtakes an earlier one.
        const conversations = new Map<string, MensagemRow[]>();
        for (const m of claimed) {
          const mine = conversations.get(m.atendimentoId);
          if (mine) mine.push(m);
          else conversations.set(m.atendimentoId, [m]);
        }
        const lanes = [...conversations.values()];
        const lane = async () => {
          for (let msgs = lanes.shift(); msgs; msgs = lanes.shift())
            for (const m of msgs) {
              const c = contexts.get(m.atendimentoId);
              if (c) await this.sendOne(m, c);
            }
        };
        // Every lane ends before the pass does (a failed one too), so passes never overlap.
        const ended = await Promise.allSettled(Array.from({ length: Math.min(CONVERSATIONS_AT_ONCE, lanes.length) }, lane));
        for (const e of ended) if (e.status === 'rejected') throw e.reason;
      }
    } catch (err) {
      this.log.error({ err }, 'WhatsApp: fila de envio');
    }
  }

  private async claim(): Promise<MensagemRow[]> {
    const now = new Date();
    const due = this.ctx.db
      .select({ id: mensagens.id })
      .from(mensagens)
      .innerJoin(atendimentos, eq(atendimentos.id, mensagens.atendimentoId))
      .innerJoin(canais, eq(canais.id, atendimentos.canalId))
      .where(
        and(
          eq(mensagens.status, 'pending'),
          isNull(mensagens.enviandoEm),
          or(isNull(mensagens.proximaTentativaEm), lte(mensagens.proximaTentativaEm, now)),
          eq(canais.tipo, 'whatsapp'),
        ),
      )
      .orderBy(asc(mensagens.seq))
      .limit(CLAIM_BATCH)
      .for('update', { of: mensagens, skipLocked: true });
    const rows = await this.ctx.db
      .update(mensagens)
      .set({ enviandoEm: now, tentativas: sql`${mensagens.tentativas} + 1` })
      .where(inArray(mensagens.id, due))
      .returning();
    return rows.sort((a, b) => a.seq - b.seq);
  }

  /** Where the claimed messages go (channel, customer's number, account), per conversation, in one read. */
  private async contexts(claimed: MensagemRow[]): Promise<Map<string, SendContext>> {
    const rows = await this.ctx.db
      .select({
        atendimentoId: atendimentos.id,
        canal: canais,
        cliente: { numero: clientes.numero, identificador: clientes.identificador, bsuid: clientes.bsuid },
        databaseName: accounts.databaseName,
      })
      .from(atendimentos)
      .innerJoin(canais, eq(canais.id, atendimentos.canalId))
      .innerJoin(clientes, eq(clientes.id, atendimentos.clienteId))
      .innerJoin(accounts, eq(accounts.id, atendimentos.accountId))
      .where(anyId(atendimentos.id, [...new Set(claimed.map((m) => m.atendimentoId))]));
    return new Map(rows.map((r) => [r.atendimentoId, r]));
  }

  private async sendOne(m: MensagemRow, ctxRow: SendContext) {
    const canal = asCanal(ctxRow.canal) as WhatsAppCanalRow;
    try {
      const { accessToken } = openSecrets(this.ctx.cipher, canal);
      const body = await this.body(m, destinoOf(ctxRow.cliente), ctxRow.databaseName, {
        phoneNumberId: canal.config.phoneNumberId,
        accessToken,
      });
      await this.limiter.take(canal.config.phoneNumberId);
      const wamid = await this.graph.sendMessage(canal.config.phoneNumberId, accessToken, body);
      await this.settle({ id: m.id, status: 'sent', externalId: wamid, erroEnvio: null });
      if (canal.conexao?.ok !== true)
        await recordConexao(this.ctx.db, canal.id, { ok: true, erro: null, numero: null, nomeVerificado: null });
    } catch (err) {
      const g = err instanceof GraphError ? err : null;
      if (!g && !(err instanceof AppError)) this.log.error({ err, mensagemId: m.id }, 'WhatsApp: envio');
      if (g?.retryable && m.tentativas < MAX_TENTATIVAS) {
        const wait = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (m.tentativas - 1)) * (0.8 + Math.random() * 0.4);
        await this.ctx.db
          .update(mensagens)
          .set({ enviandoEm: null, proximaTentativaEm: new Date(Date.now() + wait) })
          .where(eq(mensagens.id, m.id));
        setTimeout(() => this.kick(), wait).unref();
        return;
      }
      const erro = g?.retryable
        ? TENTATIVAS_ESGOTADAS
        : (g?.message ??
          (err instanceof AppError || (err instanceof Error && err.message.startsWith('A '))
            ? err.message
            : 'Não foi possível enviar a mensagem.'));
      await this.settle({ id: m.id, status: 'failed', externalId: null, erroEnvio: erro });
      if (g?.code === 190) await recordConexao(this.ctx.db, canal.id, { ok: false, erro, numero: null, nomeVerificado: null });
    }
  }

  /**
   * Meta's message body (messaging_product, recipient_type, to or recipient, type and the type object; context for a reply).
   * An attachment is uploaded to the number's /media first and named by its id: Meta never fetches it from us.
   */
  private async body(
    m: MensagemRow,
    destino: Record<string, string>,
    databaseName: string,
    numero: { phoneNumberId: string; accessToken: string },
  ): Promise<Record<string, unknown>> {
    const base = { messaging_product: 'whatsapp', recipient_type: 'individual', ...destino };
    const externalOf = async (id: string) => {
      const [t] = await this.ctx.db.select({ externalId: mensagens.externalId }).from(mensagens).where(eq(mensagens.id, id)).limit(1);
      if (!t?.externalId) throw new Error(ALVO_FORA_DO_WHATSAPP);
      return t.externalId;
    };
    if (m.tipo === 'reaction') {
      const target = m.reagindoA ? await externalOf(m.reagindoA) : m.alvoExterno;
      if (!target) throw new Error(ALVO_FORA_DO_WHATSAPP);
      return { ...base, type: 'reaction', reaction: { message_id: target, emoji: m.conteudo } };
    }
    // Outside the 24-hour window only an approved template goes (a scheduled message chose one and filled it).
    if (m.modelo) {
      const parameters = m.modelo.variaveis.map((text) => ({ type: 'text', text }));
      const components = parameters.length ? [{ type: 'body', parameters }] : [];
      return { ...base, type: 'template', template: { name: m.modelo.nome, language: { code: m.modelo.idioma }, components } };
    }
    const context = m.respondendoA ? { context: { message_id: await externalOf(m.respondendoA) } } : {};
    if (m.midia && MIDIA_TIPOS.has(m.tipo)) {
      const file = await mediaForMeta(this.ctx.storage, this.capabilities, m.tipo as TTipoMidia, m.midia);
      const id = await this.graph.uploadMedia(numero.phoneNumberId, numero.accessToken, file);
      const caption = m.tipo !== 'audio' && m.conteudo.trim() ? { caption: m.conteudo.slice(0, 1024) } : {};
      const filename = m.tipo === 'document' && m.midia.filename ? { filename: m.midia.filename } : {};
      return { ...base, ...context, type: m.tipo, [m.tipo]: { id, ...caption, ...filename } };
    }
    let text = m.conteudo;
    // The rating link carries a token staff never see: it is added here, for the customer alone.
    if (m.autor === 'sistema' && m.conteudo === AVALIACAO_CONVITE)
      text = `Como foi o seu atendimento? Avalie por aqui: ${ratingLink(publicOrigin(this.ctx), this.ctx.tokens, databaseName, m.atendimentoId)}`;
    return { ...base, ...context, type: 'text', text: { preview_url: /https?:\/\//i.test(text), body: text.slice(0, 4096) } };
  }

  /**
   * Settles a send and tells the attendants (ReceiveMessageStatusUpdate); a webhook status already ahead is kept.
   * The lanes settle at once: what finishes while the previous settle runs is written with the next (settleAll).
   */
  private settle(outcome: Outcome) {
    return this.settler.submit(outcome);
  }

  /**
   * Outcomes in one statement that also reads who hears of each (its conversation's holder and queue as they
   * are now); a message no longer pending (a webhook status came first) only loses its claim.
   */
  private async settleAll(outcomes: Outcome[]): Promise<undefined[]> {
    const rows = outcomes.map((o) => ({ id: o.id, status: o.status, external_id: o.externalId, erro_envio: o.erroEnvio }));
    const settled = await rawRows<SettledRow>(
      this.ctx.db,
      sql`update ${mensagens} m set status = v.status, external_id = coalesce(v.external_id, m.external_id),
          erro_envio = v.erro_envio, enviando_em = null, proxima_tentativa_em = null
        from json_to_recordset(${JSON.stringify(rows)}::json) as v(id uuid, status text, external_id text, erro_envio text), ${atendimentos} a
        where m.id = v.id and m.status = 'pending' and a.id = m.atendimento_id
        returning m.id, m.account_id, m.atendimento_id, m.client_id, m.status, a.atendente_id, a.status as a_status, a.departamento_id`,
    );
    const done = new Set(settled.map((r) => r.id));
    const ahead = outcomes.filter((o) => !done.has(o.id)).map((o) => o.id);
    if (ahead.length) await this.ctx.db.update(mensagens).set({ enviandoEm: null }).where(anyId(mensagens.id, ahead));
    for (const r of settled)
      await announceStatus(
        this.ctx,
        { id: r.id, accountId: r.account_id, atendimentoId: r.atendimento_id, clientId: r.client_id, status: r.status },
        { atendenteId: r.atendente_id, status: r.a_status, departamentoId: r.departamento_id },
      );
    return outcomes.map(() => undefined);
  }
}
