import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { canais } from '../db/schema/atendimentos';
import { Outbox } from '../modules/atendimentos/outbox/outbox';
import { ChannelRegistry } from './driver';
import { WHATSAPP_DEFAULTS, WhatsAppCloudDriver } from './whatsapp-cloud/driver';
import { WAPI_DEFAULTS } from './whatsapp-web/config';
import { WhatsAppWebDriver } from './whatsapp-web/driver';
import { WidgetDriver } from './widget/driver';

/** Every channel driver of this process and the outbox they send through, built once at start (server.ts) and carried on the context. */
export function createChannels(ctx: AppContext): ChannelRegistry {
  const outbox = new Outbox(ctx);
  const tipoOf = async (canalId: string) => {
    const [c] = await ctx.db.select({ tipo: canais.tipo }).from(canais).where(eq(canais.id, canalId)).limit(1);
    return c?.tipo ?? null;
  };
  return new ChannelRegistry(outbox, tipoOf)
    .register(new WidgetDriver(ctx))
    .register(
      new WhatsAppCloudDriver(
        ctx,
        {
          graphUrl: ctx.whatsapp?.graphUrl ?? WHATSAPP_DEFAULTS.graphUrl,
          graphVersion: ctx.whatsapp?.graphVersion ?? WHATSAPP_DEFAULTS.graphVersion,
          sendsPerSecond: ctx.whatsapp?.sendsPerSecond ?? WHATSAPP_DEFAULTS.sendsPerSecond,
        },
        outbox,
      ),
    )
    .register(new WhatsAppWebDriver(ctx, { ...WAPI_DEFAULTS, ...ctx.wapi }, outbox));
}

/** The WhatsApp Cloud API driver of a context (its webhooks and Graph API client). */
export function whatsappOf(ctx: Pick<AppContext, 'channels'>): WhatsAppCloudDriver {
  const d = ctx.channels?.get('whatsapp');
  if (!(d instanceof WhatsAppCloudDriver)) throw new Error('canal WhatsApp não configurado neste processo');
  return d;
}

/** The WhatsApp Web driver of a context (its sessions and leases). */
export function wapiOf(ctx: Pick<AppContext, 'channels'>): WhatsAppWebDriver {
  const d = ctx.channels?.get('wapi');
  if (!(d instanceof WhatsAppWebDriver)) throw new Error('canal WhatsApp Web não configurado neste processo');
  return d;
}
