import type { FastifyBaseLogger } from 'fastify';
import type { TAtendimento } from '@balcao/shared/atendimentos';
import { CAPACIDADES_CANAL, ZCanalWhatsAppUpdate } from '@balcao/shared/canais';
import type { AppContext } from '../../context';
import type { CanalRow, WhatsAppCanalRow } from '../../db/schema/atendimentos';
import { publicOrigin } from '../../lib/public-origin';
import type { OutboundDriver, OutboundMessage, OutboxPort, Pace } from '../../modules/atendimentos/outbox/types';
import type { ChannelDriver } from '../driver';
import { GraphClient } from './client';
import { WhatsAppProcessor } from './processor';
import { sendReadReceipt } from './read-receipt';
import { openSecrets, presentWhatsAppCanal, updateWhatsAppCanal } from './service';
import { activeTemplates } from './templates';
import { sendToMeta } from './send';

export type WhatsAppConfig = { graphUrl: string; graphVersion: string; sendsPerSecond: number };
/** Meta's Graph API and a current version (env WHATSAPP_GRAPH_URL, WHATSAPP_GRAPH_VERSION). */
export const WHATSAPP_DEFAULTS: WhatsAppConfig = { graphUrl: 'https://graph.facebook.com', graphVersion: 'v23.0', sendsPerSecond: 80 };

const quietLog = { warn: () => undefined, error: () => undefined, info: () => undefined };

/**
 * The WhatsApp Cloud API channel: webhooks in (stored, then processed by WhatsAppProcessor); out, one
 * message at a time to Meta when the core's outbox asks (send.ts), at most `sendsPerSecond` per number.
 * WhatsApp shows no status line and the Cloud API no agent typing here.
 */
export class WhatsAppCloudDriver implements ChannelDriver, OutboundDriver {
  readonly tipo = 'whatsapp' as const;
  readonly capabilities = CAPACIDADES_CANAL.whatsapp;
  readonly pace: Pace;
  readonly graph: GraphClient;
  readonly processor: WhatsAppProcessor;
  private log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'> = quietLog;

  constructor(
    private readonly ctx: AppContext,
    config: WhatsAppConfig,
    private readonly outbox: OutboxPort,
  ) {
    this.graph = new GraphClient({ baseUrl: config.graphUrl, version: config.graphVersion });
    this.pace = { perSecond: config.sendsPerSecond };
    const log = {
      warn: (o: object, m?: string) => this.log.warn(o, m),
      error: (o: object, m?: string) => this.log.error(o, m),
      info: (o: object, m?: string) => this.log.info(o, m),
    };
    this.processor = new WhatsAppProcessor(ctx, this.graph, log);
  }

  /** At start: what was stored but not processed (a crash, a restart) goes on. */
  async start(log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>) {
    this.log = log;
    await this.processor.start();
  }

  async stop() {
    await this.processor.stop();
  }

  /** Tests: resolves once webhooks are processed and the outbox has sent what it could. */
  async idle() {
    await this.processor.idle();
    await this.outbox.idle();
    await this.processor.idle();
  }

  send(message: OutboundMessage) {
    return sendToMeta(this.ctx, this.graph, this.capabilities, this.log, message);
  }

  /** The number's approved templates (Meta's message_templates of its WhatsApp Business Account). */
  templates(canal: CanalRow) {
    const wa = canal as WhatsAppCanalRow;
    return activeTemplates(this.graph, wa.config.wabaId, openSecrets(this.ctx.cipher, wa).accessToken);
  }

  readonly settings = {
    schema: ZCanalWhatsAppUpdate,
    update: async (accountId: string, canal: CanalRow, input: unknown) =>
      presentWhatsAppCanal(
        await updateWhatsAppCanal(this.ctx.db, this.ctx.cipher, accountId, canal.id, ZCanalWhatsAppUpdate.parse(input)),
        publicOrigin(this.ctx),
        this.ctx.cipher,
      ),
  };

  /** The attendant opened the conversation: Meta hears that the customer's newest message was read (once). */
  read(row: TAtendimento) {
    return sendReadReceipt(this.ctx, this.graph, this.log, row.atendimentoId);
  }
}
