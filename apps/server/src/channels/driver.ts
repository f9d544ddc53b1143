import type { z } from 'zod';
import type { TAtendimento, TMensagem } from '@balcao/shared/atendimentos';
import { CAPACIDADES_CANAL, type TCapacidadesCanal, type TProvedorCanal } from '@balcao/shared/canais';
import type { TModeloWhatsApp } from '@balcao/shared/mensagens-agendadas';
import type { CanalRow } from '../db/schema/atendimentos';
import type { CustomerDelivery } from '../modules/atendimentos/publisher';
import type { OutboundDriver, OutboxPort } from '../modules/atendimentos/outbox/types';

/**
 * One channel provider (the website widget, the WhatsApp Cloud API...). Inbound messages come in through
 * modules/atendimentos/inbound.ts; what the customer must see goes out through here: a provider that confirms
 * delivery implements `send` (OutboundDriver) and the core's outbox calls it; the widget pushes over its
 * socket (`deliver`). The inbox, queues and presenters know a conversation's provider only by its `origem`
 * and these declared capabilities.
 */
export interface ChannelDriver {
  /** The provider (canais.tipo): several may serve one kind of conversation (both WhatsApp ones serve 'whatsapp'). */
  readonly tipo: TProvedorCanal;
  readonly capabilities: TCapacidadesCanal;
  /** Stored messages the customer should get, pushed at once (a provider with an outbox has none: the outbox sends them). */
  deliver?(accountId: string, row: TAtendimento, msgs: TMensagem[]): void;
  /** The conversation's state changed: waiting, with whom, finished (with the customer's rating link). */
  state?(row: TAtendimento, avaliacaoUrl: string | null): void;
  /** The attendant is typing (a channel without typing indicators has none). */
  typing?(row: TAtendimento, atendenteNome: string, digitando: boolean): void;
  /** The attendant opened the conversation (read receipts, where the provider has them). */
  read?(row: TAtendimento): Promise<void>;
  /** The channel is being deleted: whatever runs it stops first (a paired socket logs out). */
  remove?(canalId: string): Promise<void>;
  /** The provider's approved message templates (capabilities.modelos), for writes outside the reply window. */
  templates?(canal: CanalRow): Promise<TModeloWhatsApp[]>;
  /**
   * Editing the channel's settings (PUT /api/canais/{id}): the body's schema (its messages are the 400's) and
   * the update, answered as the channel's own admin view.
   */
  readonly settings?: { schema: z.ZodType; update(accountId: string, canal: CanalRow, input: unknown): Promise<unknown> };
}

const isOutbound = (d: ChannelDriver): d is ChannelDriver & OutboundDriver => 'send' in d && 'pace' in d;

/**
 * The drivers by channel type; it is also how the publisher reaches customers (CustomerDelivery): each change
 * goes to the driver of the conversation's own channel (atendimento.canalId → canal → provider), never to
 * every driver of its kind.
 */
export class ChannelRegistry implements CustomerDelivery {
  private readonly drivers = new Map<TProvedorCanal, ChannelDriver>();
  /** A channel's provider never changes: read once per channel (a deleted one answers null). */
  private readonly tipos = new Map<string, TProvedorCanal | null>();
  private readonly lookups = new Map<string, Promise<TProvedorCanal | null>>();

  constructor(
    readonly outbox: OutboxPort,
    private readonly tipoOf: (canalId: string) => Promise<TProvedorCanal | null>,
  ) {}

  register(driver: ChannelDriver): this {
    this.drivers.set(driver.tipo, driver);
    if (isOutbound(driver)) this.outbox.add(driver);
    return this;
  }

  get(tipo: TProvedorCanal): ChannelDriver | null {
    return this.drivers.get(tipo) ?? null;
  }

  /** A type without a driver here still declares its capabilities (shared with the web's composer). */
  capabilities(tipo: TProvedorCanal): TCapacidadesCanal {
    return this.drivers.get(tipo)?.capabilities ?? CAPACIDADES_CANAL[tipo];
  }

  private lookup(canalId: string): Promise<TProvedorCanal | null> {
    let lookup = this.lookups.get(canalId);
    if (!lookup) {
      lookup = this.tipoOf(canalId).then(
        (tipo) => {
          this.tipos.set(canalId, tipo);
          this.lookups.delete(canalId);
          return tipo;
        },
        (err: unknown) => {
          this.lookups.delete(canalId);
          throw err;
        },
      );
      this.lookups.set(canalId, lookup);
    }
    return lookup;
  }

  /**
   * Runs `fn` with the driver of the conversation's own channel: at once when the channel was seen before, else
   * after one read (calls made meanwhile wait on the same read, in their order).
   */
  private withDriver(canalId: string, fn: (d: ChannelDriver) => void) {
    const run = (tipo: TProvedorCanal | null) => {
      const d = tipo && this.drivers.get(tipo);
      if (d) fn(d);
    };
    const known = this.tipos.get(canalId);
    if (known !== undefined) run(known);
    else this.lookup(canalId).then(run, () => undefined);
  }

  /** The driver of a conversation's channel (null when the channel is gone or no driver runs here). */
  async of(row: Pick<TAtendimento, 'canalId'>): Promise<ChannelDriver | null> {
    const known = this.tipos.get(row.canalId);
    const tipo = known !== undefined ? known : await this.lookup(row.canalId);
    return (tipo && this.drivers.get(tipo)) ?? null;
  }

  deliver(accountId: string, row: TAtendimento, all: TMensagem[]) {
    // A private note is for staff: no driver is ever handed one, whatever the caller passed.
    const msgs = all.filter((m) => !m.interna);
    if (all.length > 0 && msgs.length === 0) return;
    // A channel not seen yet is read first: the outbox's own scan finds its messages meanwhile (and idle() waits for it).
    if (!this.tipos.has(row.canalId)) this.outbox.kickAll();
    this.withDriver(row.canalId, (d) => {
      if (isOutbound(d)) this.outbox.kick(row.canalId, d.tipo);
      else d.deliver?.(accountId, row, msgs);
    });
  }
  state(row: TAtendimento, avaliacaoUrl: string | null) {
    this.withDriver(row.canalId, (d) => d.state?.(row, avaliacaoUrl));
  }
  typing(row: TAtendimento, atendenteNome: string, digitando: boolean) {
    this.withDriver(row.canalId, (d) => d.typing?.(row, atendenteNome, digitando));
  }
  async read(row: TAtendimento) {
    const d = await this.of(row);
    if (d?.capabilities.confirmaLeitura) await d.read?.(row);
  }
}
