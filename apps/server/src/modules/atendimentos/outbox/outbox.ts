import { and, asc, eq, getTableColumns, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { TProvedorCanal } from '@balcao/shared/canais';
import type { AppContext } from '../../../context';
import { accounts } from '../../../db/schema/accounts';
import { whiteLabels } from '../../../db/schema/white-labels';
import { asCanal, atendimentos, canais, clientes, type MensagemRow, mensagens } from '../../../db/schema/atendimentos';
import { anyId } from '../../../lib/db';
import { KickLoop } from '../../../lib/kick-loop';
import { publicOrigin } from '../../../lib/public-origin';
import { WriteBatcher } from '../../../lib/write-batcher';
import { ratingLink } from '../../avaliacao/link';
import { pedidoTexto } from '../../consentimento/service';
import { AVALIACAO_CONVITE } from '../service';
import { type Pacer, pacerFor } from './pacer';
import { type Outcome, settleAll } from './settle';
import type { OutboundDriver, OutboundMessage, OutboxPort, SendResult } from './types';
import { countMensagem } from '../../../lib/metrics';

/** Tries before a retryable refusal marks the message failed; the back-off doubles each time. */
const MAX_TENTATIVAS = 8;
const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 5 * 60_000;
/** A send claimed this long ago without an outcome was cut by a crash: failed, never sent twice. */
const INTERRUPTED_AFTER_MS = 2 * 60_000;
/** A claim is sent well within INTERRUPTED_AFTER_MS: a paced channel (seconds apart) takes fewer at once. */
const CLAIM_BATCH = 100;
const PACED_CLAIM_BATCH = 20;
/** Conversations of one channel whose claimed messages go out at once, each in its own order. */
const CONVERSATIONS_AT_ONCE = 16;
const SCAN_MS = 5000;
const ENVIO_INTERROMPIDO =
  'O envio foi interrompido (o servidor reiniciou durante o envio). Confira no WhatsApp do cliente e reenvie se necessário.';
const FALHOU = 'Não foi possível enviar a mensagem.';

type Log = { error: (o: object, m?: string) => void };
type Lane = { canalId: string; driver: OutboundDriver; loop: KickLoop; pacer: Pacer };
type Destino = Omit<OutboundMessage, 'mensagem' | 'texto' | 'target' | 'expectEcho'> & { databaseName: string; linkOrigin: string | null };
/** A claimed message and where it goes. */
type Claimed = { m: MensagemRow; d: Destino };

/**
 * The one way out for every channel that confirms delivery: answers and notices are stored 'pending'
 * (modules/atendimentos/service.ts), then each channel's lane claims them (enviando_em, FOR UPDATE SKIP LOCKED:
 * several instances share the queue), paces them as its driver declares, hands each to the driver's `send`
 * and settles the outcome: sent with the provider's id, retried later with back-off, or failed with the
 * reason the attendant reads (and can resend). A claim without an outcome (a crash mid-call) becomes failed
 * at the next start: the same message never reaches the provider twice. One channel's paced queue, or a
 * send that hangs, never holds another channel's messages.
 */
export class Outbox implements OutboxPort {
  private readonly drivers = new Map<TProvedorCanal, OutboundDriver>();
  private readonly lanes = new Map<string, Lane>();
  private readonly dispatch = new KickLoop(() => this.scan());
  private readonly settler = new WriteBatcher((outcomes: Outcome[]) => settleAll(this.ctx, outcomes), CLAIM_BATCH);
  private timer: NodeJS.Timeout | null = null;
  private log: Log = { error: () => undefined };

  constructor(private readonly ctx: AppContext) {}

  add(driver: OutboundDriver) {
    this.drivers.set(driver.tipo, driver);
  }

  /** Marks interrupted sends failed, sends what waits, then looks for due retries every few seconds. */
  async start(log: Log) {
    this.log = log;
    await this.ctx.db
      .update(mensagens)
      .set({ status: 'failed', erroEnvio: ENVIO_INTERROMPIDO, enviandoEm: null })
      .where(and(eq(mensagens.status, 'pending'), lt(mensagens.enviandoEm, new Date(Date.now() - INTERRUPTED_AFTER_MS))));
    this.timer = setInterval(() => this.kickAll(), SCAN_MS);
    this.timer.unref();
    this.kickAll();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
  }

  /** A channel has something new to send (its own instance stored it). */
  kick(canalId: string, tipo: TProvedorCanal) {
    const driver = this.drivers.get(tipo);
    if (driver && (driver.ready?.(canalId) ?? true)) this.lane(canalId, driver).loop.kick();
  }

  /** Every channel with due work that this process can send on (stored by another instance, a retry come due). */
  kickAll() {
    this.dispatch.kick();
  }

  /** Resolves once no lane runs (tests; shutdown): a lane kicked while others were awaited is awaited too. */
  async idle() {
    for (;;) {
      await this.dispatch.idle();
      const busy = [...this.lanes.values()].filter((l) => l.loop.busy);
      if (busy.length === 0 && !this.dispatch.busy) return this.settler.idle();
      await Promise.all(busy.map((l) => l.loop.idle()));
    }
  }

  private lane(canalId: string, driver: OutboundDriver) {
    const known = this.lanes.get(canalId);
    if (known) return known;
    const lane: Lane = { canalId, driver, pacer: pacerFor(driver.pace), loop: new KickLoop(() => this.drain(lane)) };
    this.lanes.set(canalId, lane);
    return lane;
  }

  private async scan() {
    for (const [id, lane] of this.lanes) if (!lane.loop.busy && lane.pacer.quiet()) this.lanes.delete(id);
    if (this.drivers.size === 0) return;
    try {
      const now = new Date();
      const due = await this.ctx.db
        .selectDistinct({ canalId: atendimentos.canalId, tipo: canais.tipo })
        .from(mensagens)
        .innerJoin(atendimentos, eq(atendimentos.id, mensagens.atendimentoId))
        .innerJoin(canais, eq(canais.id, atendimentos.canalId))
        .where(
          and(
            eq(mensagens.status, 'pending'),
            eq(mensagens.interna, false),
            isNull(mensagens.enviandoEm),
            or(isNull(mensagens.proximaTentativaEm), lte(mensagens.proximaTentativaEm, now)),
            inArray(canais.tipo, [...this.drivers.keys()]),
          ),
        );
      for (const d of due) this.kick(d.canalId, d.tipo);
      for (const driver of this.drivers.values()) for (const canalId of (await driver.otherWork?.()) ?? []) this.kick(canalId, driver.tipo);
    } catch (err) {
      this.log.error({ err }, 'Fila de envio');
    }
  }

  /**
   * One channel's queue: its sends in order, then the driver's other work, until nothing waits. A claim short of
   * its limit took all that was due: no second claim to find nothing (a message stored meanwhile kicked the loop
   * for another pass; another instance's, or a retry come due, the scan finds).
   */
  private async drain(lane: Lane) {
    const { canalId, driver } = lane;
    const paced = <T>(fn: () => Promise<T>) => lane.pacer.run(fn);
    const limit = 'gapMs' in driver.pace ? PACED_CLAIM_BATCH : CLAIM_BATCH;
    try {
      for (;;) {
        if (!(driver.ready?.(canalId) ?? true)) return;
        const claimed = await this.claim(canalId, limit);
        if (claimed.length && !(await this.sendAll(lane, claimed))) return;
        const other = (await driver.afterSends?.(canalId, paced)) ?? 0;
        if (claimed.length < limit && other === 0) return;
      }
    } catch (err) {
      this.log.error({ err, canalId }, 'Fila de envio');
    }
  }

  /**
   * Claims the channel's next due messages and reads where each goes (channel, customer, account) in the same
   * statement: one round trip per pass instead of a claim and a read.
   */
  private async claim(canalId: string, limit: number): Promise<Claimed[]> {
    const now = new Date();
    const due = this.ctx.db
      .select({ id: mensagens.id })
      .from(mensagens)
      .innerJoin(atendimentos, eq(atendimentos.id, mensagens.atendimentoId))
      .where(
        and(
          eq(mensagens.status, 'pending'),
          // Notes are never pending (a check constraint); asked here too so no claim can ever hand one over.
          eq(mensagens.interna, false),
          isNull(mensagens.enviandoEm),
          or(isNull(mensagens.proximaTentativaEm), lte(mensagens.proximaTentativaEm, now)),
          eq(atendimentos.canalId, canalId),
        ),
      )
      .orderBy(asc(mensagens.seq))
      .limit(limit)
      .for('update', { of: mensagens, skipLocked: true });
    const rows = await this.ctx.db
      .update(mensagens)
      .set({ enviandoEm: now, tentativas: sql`${mensagens.tentativas} + 1` })
      .from(atendimentos)
      .innerJoin(canais, eq(canais.id, atendimentos.canalId))
      .innerJoin(clientes, eq(clientes.id, atendimentos.clienteId))
      .innerJoin(accounts, eq(accounts.id, atendimentos.accountId))
      .leftJoin(whiteLabels, eq(whiteLabels.id, accounts.whiteLabelId))
      .where(and(inArray(mensagens.id, due), eq(atendimentos.id, mensagens.atendimentoId)))
      .returning({
        mensagem: getTableColumns(mensagens),
        canal: getTableColumns(canais),
        cliente: { numero: clientes.numero, identificador: clientes.identificador, bsuid: clientes.bsuid },
        databaseName: accounts.databaseName,
        linkOrigin: whiteLabels.publicUrl,
      });
    return rows
      .map((r) => ({
        m: r.mensagem,
        d: { canal: asCanal(r.canal), cliente: r.cliente, databaseName: r.databaseName, linkOrigin: r.linkOrigin },
      }))
      .sort((a, b) => a.m.seq - b.m.seq);
  }

  /**
   * Each conversation in its order, several at once (one slow call no longer holds every other customer's
   * answer); the next claim waits for all, so a later message never overtakes an earlier one. False when the
   * channel closed: what it was not handed goes back to the queue, its try uncounted.
   */
  private async sendAll(lane: Lane, claimed: Claimed[]) {
    const conversations = new Map<string, Claimed[]>();
    for (const c of claimed) {
      const mine = conversations.get(c.m.atendimentoId);
      if (mine) mine.push(c);
      else conversations.set(c.m.atendimentoId, [c]);
    }
    const queue = [...conversations.values()];
    const handed = new Set<string>();
    let closed = false;
    const worker = async () => {
      for (let msgs = queue.shift(); msgs && !closed; msgs = queue.shift())
        for (const { m, d } of msgs) {
          if (closed) break;
          const r = await lane.pacer.run(() => this.sendOne(lane.driver, m, d));
          if ('notReady' in r) closed = true;
          else {
            handed.add(m.id);
            await this.settle(lane, m, r);
          }
        }
    };
    // Every worker ends before the pass does (a failed one too), so passes never overlap.
    const ended = await Promise.allSettled(Array.from({ length: Math.min(CONVERSATIONS_AT_ONCE, queue.length) }, worker));
    const back = claimed.filter(({ m }) => !handed.has(m.id)).map(({ m }) => m.id);
    if (back.length)
      await this.ctx.db
        .update(mensagens)
        .set({ enviandoEm: null, tentativas: sql`${mensagens.tentativas} - 1` })
        .where(and(anyId(mensagens.id, back), eq(mensagens.status, 'pending')));
    for (const e of ended) if (e.status === 'rejected') throw e.reason;
    return !closed;
  }

  private async sendOne(driver: OutboundDriver, m: MensagemRow, d: Destino): Promise<SendResult> {
    try {
      return await driver.send(this.message(m, d));
    } catch (err) {
      this.log.error({ err, mensagemId: m.id }, 'Fila de envio: envio');
      return { permanent: FALHOU };
    }
  }

  private async settle(lane: Lane, m: MensagemRow, r: Exclude<SendResult, { notReady: true }>) {
    const tipo = lane.driver.tipo;
    if ('externalId' in r) {
      countMensagem(tipo, 'saida', 'enviada');
      await this.settler.submit({ id: m.id, status: 'sent', externalId: r.externalId, erroEnvio: null });
      return lane.driver.settled?.(lane.canalId, r.externalId).catch((err: unknown) => {
        this.log.error({ err, mensagemId: m.id }, 'Fila de envio: status adiantado');
      });
    }
    const erroEnvio = 'permanent' in r ? r.permanent : m.tentativas >= MAX_TENTATIVAS ? r.reason : null;
    if (erroEnvio !== null) {
      countMensagem(tipo, 'saida', 'falhou');
      return this.settler.submit({ id: m.id, status: 'failed', externalId: null, erroEnvio });
    }
    const backoff = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (m.tentativas - 1)) * (0.8 + Math.random() * 0.4);
    const wait = ('retryAfterMs' in r ? r.retryAfterMs : null) ?? backoff;
    await this.ctx.db
      .update(mensagens)
      .set({ enviandoEm: null, proximaTentativaEm: new Date(Date.now() + wait) })
      .where(eq(mensagens.id, m.id));
    setTimeout(() => this.kick(lane.canalId, lane.driver.tipo), wait).unref();
  }

  private message(m: MensagemRow, d: Destino): OutboundMessage {
    const db = this.ctx.db;
    // The rating link carries a token staff never see: it is added here, for the customer alone.
    // Links point to the account's white label's own address when it has one, else PUBLIC_URL.
    const origin = d.linkOrigin ?? publicOrigin(this.ctx);
    const texto =
      m.autor === 'sistema' && m.conteudo === AVALIACAO_CONVITE
        ? `Como foi o seu atendimento? Avalie por aqui: ${ratingLink(origin, this.ctx.tokens, d.databaseName, m.atendimentoId)}`
        : (pedidoTexto(this.ctx, m.clientId, origin) ?? m.conteudo);
    return {
      mensagem: m,
      canal: d.canal,
      cliente: d.cliente,
      texto,
      async target(id) {
        const [t] = await db
          .select({ externalId: mensagens.externalId, autor: mensagens.autor, conteudo: mensagens.conteudo })
          .from(mensagens)
          .where(and(eq(mensagens.id, id), eq(mensagens.accountId, m.accountId)))
          .limit(1);
        return t ?? null;
      },
      async expectEcho(externalId) {
        await db.update(mensagens).set({ externalId }).where(eq(mensagens.id, m.id));
      },
    };
  }
}
