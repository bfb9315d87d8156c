import Stripe from 'stripe';
import type { AppConfig } from '../../config';

/**
 * The one Stripe client of the process, or null when payments are not configured (no secret
 * key). STRIPE_API_BASE points it elsewhere (the test stand-in) through stripe-node's
 * host/port/protocol options. The API version is pinned: webhooks and answers keep the shapes
 * the code reads (period dates on subscription items, invoice.parent, the invoice's
 * confirmation_secret — 2025-03-31.basil or later).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export function createStripeClient(config: AppConfig['stripe']): Stripe | null {
  if (config.secretKey === undefined) return null;
  const base = config.apiBase === undefined ? undefined : new URL(config.apiBase);
  return new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
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
