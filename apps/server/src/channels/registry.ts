import type { AppContext } from '../context';
import { ChannelRegistry } from './driver';
import { WidgetDriver } from './widget/driver';

/** Every channel driver of this process, built once at start (server.ts) and carried on the context. */
export function createChannels(ctx: AppContext): ChannelRegistry {
  return new ChannelRegistry().register(new WidgetDriver(() => ctx.io));
}
