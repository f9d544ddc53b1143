import type { TAtendimento, TMensagem } from '@balcao/shared/atendimentos';
import { CAPACIDADES_CANAL, tipoCanalDaOrigem, type TCapacidadesCanal, type TTipoCanal } from '@balcao/shared/canais';
import type { CustomerDelivery } from '../modules/atendimentos/publisher';

/**
 * One channel provider (the website widget, the WhatsApp Cloud API...). Inbound messages come in through
 * modules/atendimentos/inbound.ts; what the customer must see goes out through here. The inbox, queues and
 * presenters know a conversation's provider only by its `origem` and these declared capabilities.
 */
export interface ChannelDriver {
  readonly tipo: TTipoCanal;
  readonly capabilities: TCapacidadesCanal;
  /** Stored messages the customer should get (attendants' answers, system notices): deliver or queue them. */
  deliver(accountId: string, row: TAtendimento, msgs: TMensagem[]): void;
  /** The conversation's state changed: waiting, with whom, finished (with the customer's rating link). */
  state(row: TAtendimento, avaliacaoUrl: string | null): void;
  /** The attendant is typing (a channel without typing indicators ignores it). */
  typing(row: TAtendimento, atendenteNome: string, digitando: boolean): void;
}

/** The drivers by channel type; it is also how the publisher reaches customers (CustomerDelivery). */
export class ChannelRegistry implements CustomerDelivery {
  private readonly drivers = new Map<TTipoCanal, ChannelDriver>();

  register(driver: ChannelDriver): this {
    this.drivers.set(driver.tipo, driver);
    return this;
  }

  get(tipo: TTipoCanal): ChannelDriver | null {
    return this.drivers.get(tipo) ?? null;
  }

  /** A type without a driver here still declares its capabilities (shared with the web's composer). */
  capabilities(tipo: TTipoCanal): TCapacidadesCanal {
    return this.drivers.get(tipo)?.capabilities ?? CAPACIDADES_CANAL[tipo];
  }

  private of(row: TAtendimento) {
    return this.drivers.get(tipoCanalDaOrigem(row.origem));
  }

  deliver(accountId: string, row: TAtendimento, msgs: TMensagem[]) {
    this.of(row)?.deliver(accountId, row, msgs);
  }
  state(row: TAtendimento, avaliacaoUrl: string | null) {
    this.of(row)?.state(row, avaliacaoUrl);
  }
  typing(row: TAtendimento, atendenteNome: string, digitando: boolean) {
    this.of(row)?.typing(row, atendenteNome, digitando);
  }
}
