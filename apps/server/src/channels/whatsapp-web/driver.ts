import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, ne, notInArray, or } from 'drizzle-orm';
import type { proto, WAMessageKey } from 'baileys';
import type { TAtendimento } from '@balcao/shared/atendimentos';
import { ATENDIMENTO_NAMESPACE } from '@balcao/shared/atendimentos/realtime';
import { CAPACIDADES_CANAL } from '@balcao/shared/canais';
import type { TWapiSessao } from '@balcao/shared/wapi';
import type { AppContext } from '../../context';
import { canais, mensagens, type WapiCanalRow } from '../../db/schema/atendimentos';
import { wapiLeituras, wapiSessoes, type WapiSessaoRow } from '../../db/schema/wapi';
import { rooms } from '../../lib/rooms';
import type { OutboundDriver, OutboundMessage, OutboxPort, Pace } from '../../modules/atendimentos/outbox/types';
import type { ChannelDriver } from '../driver';
import { WapiAuthStore } from './auth-store';
import { WapiInbound } from './inbound';
import { WapiChanges } from './changes';
import { sendOverSocket } from './send';
import { findWapi, patchSessao, presentSessao } from './service';
import { WapiSession, type SessionState } from './session';
import type { WapiConfig } from './config';
import type { WaSocket } from './socket';

type Log = { warn: (o: object, m?: string) => void; error: (o: object, m?: string) => void; info: (o: object, m?: string) => void };
const quietLog: Log = { warn: () => undefined, error: () => undefined, info: () => undefined };
type Running = { session: WapiSession; accountId: string; inbound: WapiInbound };

/**
 * WhatsApp Web, the second WhatsApp provider: one Baileys socket per paired account, run by whichever
 * instance holds the account's lease in wapi_sessoes (renewed every `renewMs`, taken over by another
 * instance once `leaseMs` passed without renewal). Any instance answers the screens (the session row is
 * shared). Out, the core's outbox hands this driver one message at a time for a number whose socket is open
 * here, one at a time `sendGapMs` apart (WhatsApp bans numbers that burst). A send stored by another instance
 * reaches the owner through the database: the owner scans the queue every `scanMs` (and at once when its own
 * instance stores one).
 */
export class WhatsAppWebDriver implements ChannelDriver, OutboundDriver {
  readonly tipo = 'wapi' as const;
  readonly capabilities = CAPACIDADES_CANAL.wapi;
  readonly pace: Pace;
  /** This process's name in the lease. */
  readonly instance = randomUUID();
  private readonly changes: WapiChanges;
  private readonly running = new Map<string, Running>();
  private log: Log = quietLog;
  private timer: NodeJS.Timeout | null = null;
  private scanTimer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private tickAgain = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly config: WapiConfig,
    private readonly outbox: OutboxPort,
  ) {
    this.pace = { gapMs: config.sendGapMs };
    const log = { error: (o: object, m?: string) => this.log.error(o, m) };
    this.changes = new WapiChanges(ctx, (canalId) => this.openSockets().get(canalId), log);
  }

  send(message: OutboundMessage) {
    return sendOverSocket(this.openSockets().get(message.canal.id), this.ctx.storage, this.log, message);
  }

  /** Only a number whose socket is open in this process sends here. */
  ready(canalId: string) {
    return this.openSockets().has(canalId);
  }

  otherWork() {
    return this.changes.waiting([...this.openSockets().keys()]);
  }

  settled(canalId: string, externalId: string) {
    return this.running.get(canalId)?.inbound.settled(externalId) ?? Promise.resolve();
  }

  afterSends(canalId: string, paced: <T>(fn: () => Promise<T>) => Promise<T>) {
    return this.changes.run(canalId, paced);
  }

  private openSockets() {
    const open = new Map<string, WaSocket>();
    for (const [canalId, r] of this.running) if (r.session.open && r.session.socket) open.set(canalId, r.session.socket);
    return open;
  }

  /** Starts the lease loop: sessions wanted connected (before a restart too) come back without a new QR. */
  start(log: Log) {
    this.log = log;
    this.timer = setInterval(() => {
      this.wake();
      this.outbox.kickAll();
    }, this.config.renewMs);
    this.timer.unref();
    this.scanTimer = setInterval(() => {
      if (this.running.size > 0) this.outbox.kickAll();
    }, this.config.scanMs);
    this.scanTimer.unref();
    this.wake();
  }

  private clearTimers() {
    if (this.timer) clearInterval(this.timer);
    if (this.scanTimer) clearInterval(this.scanTimer);
    this.timer = null;
    this.scanTimer = null;
  }

  /**
   * Tests: this instance vanishes as a killed process does: its timers and sockets stop and nothing is written,
   * so its leases stay until they expire and another instance takes over.
   */
  async detach() {
    this.clearTimers();
    await this.ticking;
    const sessions = [...this.running.values()];
    this.running.clear();
    for (const r of sessions) await r.session.stop();
  }

  /** Renews, claims and lets go now (after conectar, pausar... on this instance) instead of at the next tick. */
  wake(): Promise<void> {
    if (this.ticking) {
      this.tickAgain = true;
      return this.ticking;
    }
    this.ticking = this.tick()
      .catch((err) => this.log.error({ err }, 'WhatsApp Web: lease'))
      .finally(() => {
        this.ticking = null;
        if (this.tickAgain) {
          this.tickAgain = false;
          void this.wake();
        }
      });
    return this.ticking;
  }

  private async tick() {
    const db = this.ctx.db;
    const until = () => new Date(Date.now() + this.config.leaseMs);
    // 1. Renew what this instance runs and is still wanted; whatever was lost or unwanted stops here.
    const mine = [...this.running.keys()];
    const kept = mine.length
      ? await db
          .update(wapiSessoes)
          .set({ leaseAte: until() })
          .where(and(inArray(wapiSessoes.canalId, mine), eq(wapiSessoes.dono, this.instance), eq(wapiSessoes.querConectado, true)))
          .returning({ canalId: wapiSessoes.canalId })
      : [];
    const keep = new Set(kept.map((k) => k.canalId));
    for (const canalId of mine) if (!keep.has(canalId)) await this.letGo(canalId);
    await this.reconcile([...keep]);
    // 2. Claim the wanted sessions nobody holds (never held, released, or expired).
    const claimed = await db
      .update(wapiSessoes)
      .set({ dono: this.instance, leaseAte: until() })
      .where(
        and(
          eq(wapiSessoes.querConectado, true),
          or(
            isNull(wapiSessoes.dono),
            eq(wapiSessoes.dono, this.instance),
            isNull(wapiSessoes.leaseAte),
            lt(wapiSessoes.leaseAte, new Date()),
          ),
          ...(keep.size ? [notInArray(wapiSessoes.canalId, [...keep])] : []),
        ),
      )
      .returning();
    for (const s of claimed) await this.run(s);
  }

  /**
   * A socket open here is what the card shows: a 'pausar' then 'ativar' served before this owner let go (or by
   * another instance) wrote 'conectando' over a socket that never closed, and no new 'open' would ever correct it.
   */
  private async reconcile(canalIds: string[]) {
    const open = canalIds.filter((id) => this.running.get(id)?.session.open);
    if (open.length === 0) return;
    const fixed = await this.ctx.db
      .update(wapiSessoes)
      .set({ estado: 'conectado', qr: null, codigoPareamento: null, erro: null, atualizadoEm: new Date() })
      .where(and(inArray(wapiSessoes.canalId, open), ne(wapiSessoes.estado, 'conectado')))
      .returning({ accountId: wapiSessoes.accountId });
    for (const f of fixed) await this.announce(f.accountId);
  }

  private async run(s: WapiSessaoRow) {
    const [row] = await this.ctx.db.select().from(canais).where(eq(canais.id, s.canalId)).limit(1);
    if (!row) return;
    const canal = row as WapiCanalRow;
    const store = new WapiAuthStore(this.ctx.db, this.ctx.cipher, canal.id);
    const inbound = new WapiInbound(this.ctx, canal, store, this.log);
    const session = new WapiSession(
      store,
      this.config.socket,
      {
        state: (patch) => this.publish(canal.id, patch),
        getMessage: (key) => this.storedMessage(canal.accountId, key),
        pairingNumber: async () => (await findWapi(this.ctx.db, canal.accountId))?.sessao.numeroPareamento ?? null,
        ended: () => {
          this.running.delete(canal.id);
          void this.release([canal.id]);
        },
        events: {
          'messages.upsert': (arg, sock) => inbound.upsert(arg, sock),
          'messages.update': (arg) => inbound.update(arg),
          'messages.reaction': (arg) => inbound.reaction(arg),
        },
        log: this.log,
      },
      this.config.backoffBaseMs,
    );
    this.running.set(canal.id, { session, accountId: canal.accountId, inbound });
    try {
      await session.start();
    } catch (err) {
      this.log.error({ err, canalId: canal.id }, 'WhatsApp Web: sessão não iniciada');
      this.running.delete(canal.id);
      await this.release([canal.id]);
    }
  }

  /** A session change: stored for every instance, pushed to the account's admins and master (ReceiveWhatsAppEvent). */
  private async publish(canalId: string, patch: SessionState) {
    const { qrEmitidos, querConectado, ...rest } = patch;
    await patchSessao(this.ctx.db, canalId, {
      ...rest,
      ...(qrEmitidos !== undefined ? { qrEmitidos } : {}),
      ...(querConectado !== undefined ? { querConectado } : {}),
    });
    if (patch.estado === 'conectado') this.outbox.kickAll();
    const r = this.running.get(canalId);
    const accountId = r?.accountId ?? (await this.accountOf(canalId));
    if (accountId) await this.announce(accountId);
  }

  private async accountOf(canalId: string) {
    const [row] = await this.ctx.db.select({ accountId: canais.accountId }).from(canais).where(eq(canais.id, canalId)).limit(1);
    return row?.accountId ?? null;
  }

  /** Tells the account's supervisors' screens what the card shows now. */
  async announce(accountId: string): Promise<TWapiSessao> {
    const sessao = presentSessao(await findWapi(this.ctx.db, accountId));
    this.ctx.io?.of(ATENDIMENTO_NAMESPACE).to(rooms.supervisors(accountId)).emit('ReceiveWhatsAppEvent', { tipo: 'wapi.sessao', sessao });
    return sessao;
  }

  /** getMessage for Baileys' retries: the text we stored under that id, undefined when we hold none. */
  private async storedMessage(accountId: string, key: WAMessageKey): Promise<proto.IMessage | undefined> {
    if (!key.id) return undefined;
    const [m] = await this.ctx.db
      .select({ conteudo: mensagens.conteudo, tipo: mensagens.tipo })
      .from(mensagens)
      .where(and(eq(mensagens.accountId, accountId), eq(mensagens.externalId, key.id)))
      .limit(1);
    return m && m.tipo === 'text' ? { conversation: m.conteudo } : undefined;
  }

  /**
   * A session this instance no longer keeps: paused, lease lost, or 'Desconectar' served by another instance,
   * which deleted the keys; then this owner, holding the socket, logs out on WhatsApp too.
   */
  private async letGo(canalId: string) {
    const r = this.running.get(canalId);
    if (r?.session.open && !(await new WapiAuthStore(this.ctx.db, this.ctx.cipher, canalId).hasCreds())) {
      this.running.delete(canalId);
      await r.session.logout();
      return;
    }
    await this.halt(canalId);
  }

  private async halt(canalId: string) {
    const r = this.running.get(canalId);
    this.running.delete(canalId);
    await r?.session.stop();
  }

  private async release(canalIds: string[]) {
    if (canalIds.length === 0) return;
    await this.ctx.db
      .update(wapiSessoes)
      .set({ dono: null, leaseAte: null })
      .where(and(inArray(wapiSessoes.canalId, canalIds), eq(wapiSessoes.dono, this.instance)));
  }

  /** The running session of an account on this instance (pairing code, logout). */
  sessionOf(canalId: string) {
    return this.running.get(canalId)?.session ?? null;
  }

  /** 'Desconectar' on the owning instance: logs out and clears the keys; elsewhere the keys are cleared and the owner stops at its next renewal. */
  async logout(canalId: string) {
    const r = this.running.get(canalId);
    this.running.delete(canalId);
    if (r) await r.session.logout();
    else await new WapiAuthStore(this.ctx.db, this.ctx.cipher, canalId).clear();
    await this.release([canalId]);
  }

  /** 'Desconectar': nobody wants the socket any more, it logs out wherever it runs, and the card is emptied. */
  async disconnect(canalId: string) {
    await patchSessao(this.ctx.db, canalId, { querConectado: false });
    await this.logout(canalId);
    await patchSessao(this.ctx.db, canalId, {
      estado: 'desconectado',
      qr: null,
      codigoPareamento: null,
      numeroPareamento: null,
      numero: null,
      nome: null,
      erro: null,
    });
  }

  /** The channel is deleted: the same disconnect first, then its session row goes (a later 'conectar' starts a new channel). */
  async remove(canalId: string) {
    await this.disconnect(canalId);
    await this.ctx.db.delete(wapiSessoes).where(eq(wapiSessoes.canalId, canalId));
  }

  /** Shutdown: sockets close without logging out, leases are released so another instance takes over at once. */
  async stop() {
    this.clearTimers();
    await this.ticking;
    const ids = [...this.running.keys()];
    for (const id of ids) await this.halt(id);
    await this.release(ids);
    await this.outbox.idle();
  }

  /** Tests: resolves once the lease pass and the queue are done. */
  async idle() {
    await this.ticking;
    for (const r of this.running.values()) await r.session.settled();
    await this.outbox.idle();
    for (const r of this.running.values()) await r.session.settled();
  }

  /**
   * The attendant opened the conversation: the customer's messages are marked read on WhatsApp (blue ticks).
   * Asked through the database like sends, so it leaves through the owner's socket whichever instance served it.
   */
  async read(row: TAtendimento) {
    // Only a channel that wants its socket asks: a paused one would keep the ask forever.
    const [s] = await this.ctx.db
      .select({ canalId: wapiSessoes.canalId })
      .from(wapiSessoes)
      .where(and(eq(wapiSessoes.canalId, row.canalId), eq(wapiSessoes.querConectado, true)))
      .limit(1);
    if (!s) return;
    await this.ctx.db
      .insert(wapiLeituras)
      .values({ canalId: row.canalId, atendimentoId: row.atendimentoId })
      .onConflictDoUpdate({ target: [wapiLeituras.canalId, wapiLeituras.atendimentoId], set: { pedidaEm: new Date() } });
    this.outbox.kick(row.canalId, this.tipo);
  }
}
