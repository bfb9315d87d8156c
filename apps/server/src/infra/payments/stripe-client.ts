import Stripe from 'stripe';
import type { AppConfig } from '../../config';

/**
 * The one Stripe client of the process, or null when payments are not configured (no secret
 * key). STRIPE_API_BASE points it elsewhere (the test stand-in) through stripe-node's
 * host/port/protocol options. The API version is the one this stripe-node release pins.
 */
export function createStripeClient(config: AppConfig['stripe']): Stripe | null {
  if (config.secretKey === undefined) return null;
  const base = config.apiBase === undefined ? undefined : new URL(config.apiBase);
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}
