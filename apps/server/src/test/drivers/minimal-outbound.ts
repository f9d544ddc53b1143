import { randomUUID } from 'node:crypto';
import type { TCapacidadesCanal, TProvedorCanal } from '@balcao/shared/canais';
import type { ChannelDriver } from '../../channels/driver';
import { canais, clientes } from '../../db/schema/atendimentos';
import type { OutboundDriver, OutboundMessage, Pace, SendResult } from '../../modules/atendimentos/outbox/types';
import { makeAtendimento } from '../atendimentos-fixtures';
import type { TestApp } from '../harness';

/** A channel that confirms delivery and has nothing else: no media, reactions, edits, receipts, window or templates. */
const CAPACIDADES: TCapacidadesCanal = {
  midia: [],
  limitesMidia: null,
  conversoes: {},
  reacoes: false,
  edicoes: false,
  confirmaLeitura: false,
  modelos: false,
  janelaRespostaMs: null,
  confirmaEntrega: true,
  iniciaConversa: true,
  destinatarios: { numero: true, bsuid: false, identificadores: [] },
};

/**
 * The least a provider needs to send through the outbox: `send` and its declared capabilities. Its answers are
 * scripted (`answerNext`), what it was handed is kept (`sent`). It takes the slot of a provider type of
 * `canais.tipo` (a closed list) in the app it is registered on.
 */
export class MinimalOutboundDriver implements ChannelDriver, OutboundDriver {
  readonly capabilities = CAPACIDADES;
  readonly pace: Pace = { perSecond: 1000 };
  /** What it was handed, and what of it it answered as sent. */
  readonly sent: OutboundMessage[] = [];
  readonly accepted: OutboundMessage[] = [];
  private readonly script: SendResult[] = [];
  private n = 0;

  constructor(readonly tipo: TProvedorCanal) {}

  /** The next sends answer these, in order; then each is sent. */
  answerNext(...results: SendResult[]) {
    this.script.push(...results);
  }

  async send(message: OutboundMessage): Promise<SendResult> {
    this.sent.push(message);
    const r = this.script.shift() ?? { externalId: `minimo-${++this.n}` };
    if ('externalId' in r) this.accepted.push(message);
    return r;
  }
}

/**
 * A channel of the minimal driver on `t` (written straight to the database: it has no screens), and a
 * customer's conversation on it held by `atendenteId`.
 */
export async function minimalConversation(t: TestApp, driver: MinimalOutboundDriver, accountId: string, atendenteId: string) {
  t.ctx.channels!.register(driver);
  const [canal] = await t.ctx.db
    .insert(canais)
    .values({ accountId, tipo: driver.tipo, nome: 'Mínimo', token: randomUUID(), segredoCifrado: '', config: {} as never })
    .returning();
  const [cliente] = await t.ctx.db.insert(clientes).values({ accountId, nome: 'Cliente', numero: '5511977776666' }).returning();
  const a = await makeAtendimento(t.ctx.db, {
    accountId,
    clienteId: cliente!.id,
    canalId: canal!.id,
    origem: 'whatsapp',
    status: 'em_atendimento',
    atendenteId,
  });
  return { canalId: canal!.id, atendimentoId: a.id };
}
