import { z } from 'zod';
import { ZPushConfig } from '../notificacoes';
import { ZTelemetriaConfig } from '../telemetria';

/**
 * GET /backend/api/public/config: what the web learns at start, signed in or not. Each feature adds its own
 * key, never a secret: the product analytics (null when off) and the Web Push public key (null when unset).
 */
export const ZConfigPublica = z.object({ telemetria: ZTelemetriaConfig.nullable(), push: ZPushConfig.nullable() });
export type TConfigPublica = z.infer<typeof ZConfigPublica>;
