import { apiPixProvider } from './api-pix';
import type { PixConfig } from './config';
import type { PaymentProvider } from './provider';
import { staticPixProvider } from './static-pix';

/** The provider PIX_PROVIDER names (config from payments/config.ts), or null when none is configured. */
export function createPaymentProvider(config: PixConfig | null): PaymentProvider | null {
  if (!config) return null;
  return config.provider === 'static' ? staticPixProvider(config) : apiPixProvider(config);
}
