import type { z } from 'zod';
import type { TAtendimento, TMensagem } from '@balcao/shared/atendimentos';
import {
  CAPACIDADES_CANAL,
  tipoCanalDaOrigem,
  tipoCanalDoProvedor,
  type TCapacidadesCanal,
  type TProvedorCanal,
} from '@balcao/shared/canais';
import type { TModeloWhatsApp } from '@balcao/shared/mensagens-agendadas';
import type { CanalRow } from '../db/schema/atendimentos';
import type { CustomerDelivery } from '../modules/atendimentos/publisher';

/**
 * One channel provider (the website widget, the WhatsApp Cloud API...). Inbound messages come in through
 * modules/atendimentos/inbound.ts; what the customer must see goes out through here. The inbox, queues and
 * presenters know a conversation's provider only by its `origem` and these declared capabilities.
 */
export interface ChannelDriver {
  /** The provider (canais.tipo): several may serve one kind of conversation (both WhatsApp ones serve 'whatsapp'). */
  readonly tipo: TProvedorCanal;
  readonly capabilities: TCapacidadesCanal;
  /** Stored messages the customer should get (attendants' answers, system notices): deliver or queue them. */
  deliver(accountId: string, row: TAtendimento, msgs: TMensagem[]): void;
  /** The conversation's state changed: waiting, with whom, finished (with the customer's rating link). */
  state(row: TAtendimento, avaliacaoUrl: string | null): void;
  /** The attendant is typing (a channel without typing indicators ignores it). */
  typing(row: TAtendimento, atendenteNome: string, digitando: boolean): void;
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

/** The drivers by channel type; it is also how the publisher reaches customers (CustomerDelivery). */
export class ChannelRegistry implements CustomerDelivery {
  private readonly drivers = new Map<TProvedorCanal, ChannelDriver>();

  register(driver: ChannelDriver): this {
    this.drivers.set(driver.tipo, driver);
    return this;
  }

  get(tipo: TProvedorCanal): ChannelDriver | null {
    return this.drivers.get(tipo) ?? null;
  }

  /** A type without a driver here still declares its capabilities (shared with the web's composer). */
  capabilities(tipo: TProvedorCanal): TCapacidadesCanal {
    return this.drivers.get(tipo)?.capabilities ?? CAPACIDADES_CANAL[tipo];
  }

  /**
   * Every driver that serves the conversation's kind: a WhatsApp conversation reaches both WhatsApp providers,
   * and each one's queue takes only the messages of its own channels.
   */
  private of(row: TAtendimento) {
    const kind = tipoCanalDaOrigem(row.origem);
    return [...this.drivers.values()].filter((d) => tipoCanalDoProvedor(d.tipo) === kind);
  }

  deliver(accountId: string, row: TAtendimento, msgs: TMensagem[]) {
    for (const d of this.of(row)) d.deliver(accountId, row, msgs);
  }
  state(row: TAtendimento, avaliacaoUrl: string | null) {
    for (const d of this.of(row)) d.state(row, avaliacaoUrl);
  }
  typing(row: TAtendimento, atendenteNome: string, digitando: boolean) {
    for (const d of this.of(row)) d.typing(row, atendenteNome, digitando);
  }
  async read(row: TAtendimento) {
    for (const d of this.of(row)) if (d.capabilities.confirmaLeitura) await d.read?.(row);
  }
}
