import type { FastifyBaseLogger } from 'fastify';
import type { TAtendimento } from '@balcao/shared/atendimentos';
import { CAPACIDADES_CANAL, ZCanalWhatsAppUpdate } from '@balcao/shared/canais';
import type { AppContext } from '../../context';
import type { CanalRow, WhatsAppCanalRow } from '../../db/schema/atendimentos';
import { publicOrigin } from '../../lib/public-origin';
import type { ChannelDriver } from '../driver';
import { GraphClient } from './client';
import { WhatsAppProcessor } from './processor';
import { sendReadReceipt } from './read-receipt';
import { WhatsAppSender } from './sender';
import { openSecrets, presentWhatsAppCanal, updateWhatsAppCanal } from './service';
import { activeTemplates } from './templates';

export type WhatsAppConfig = { graphUrl: string; graphVersion: string; sendsPerSecond: number };
/** Meta's Graph API and a current version (env WHATSAPP_GRAPH_URL, WHATSAPP_GRAPH_VERSION). */
export const WHATSAPP_DEFAULTS: WhatsAppConfig = { graphUrl: 'https://graph.facebook.com', graphVersion: 'v23.0', sendsPerSecond: 80 };

const quietLog = { warn: () => undefined, error: () => undefined, info: () => undefined };

/**
 * The WhatsApp Cloud API channel: webhooks in (stored, then processed by WhatsAppProcessor), sends out
 * through WhatsAppSender's queue. Delivering to the customer is kicking that queue: the messages are already
 * stored 'pending'. WhatsApp shows no status line and the Cloud API no agent typing here.
 */
export class WhatsAppCloudDriver implements ChannelDriver {
  readonly tipo = 'whatsapp' as const;
  readonly capabilities = CAPACIDADES_CANAL.whatsapp;
  readonly graph: GraphClient;
  readonly processor: WhatsAppProcessor;
  readonly sender: WhatsAppSender;
  private log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'> = quietLog;

  constructor(
    private readonly ctx: AppContext,
    config: WhatsAppConfig,
  ) {
    this.graph = new GraphClient({ baseUrl: config.graphUrl, version: config.graphVersion });
    const log = {
      warn: (o: object, m?: string) => this.log.warn(o, m),
      error: (o: object, m?: string) => this.log.error(o, m),
      info: (o: object, m?: string) => this.log.info(o, m),
    };
    this.processor = new WhatsAppProcessor(ctx, this.graph, log);
    this.sender = new WhatsAppSender(ctx, this.graph, log, config.sendsPerSecond, this.capabilities);
  }

  /** At start: what was stored but not processed (a crash, a restart) and what waits to be sent goes on. */
  async start(log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>) {
    this.log = log;
    await this.processor.start();
    await this.sender.start();
  }

  async stop() {
    await this.sender.stop();
    await this.processor.stop();
  }

  /** Tests: resolves once webhooks are processed and the queue has sent what it could. */
  async idle() {
    await this.processor.idle();
    await this.sender.idle();
    await this.processor.idle();
  }

  deliver() {
    this.sender.kick();
  }
  state() {}
  typing() {}

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
