import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

const loads = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for the publishable key the server serves. The `pure` entry loads
 * https://js.stripe.com only when a card form is first shown, not on every page of the
 * subscriptions group; a page that already has `window.Stripe` (loaded by an earlier call) uses it.
 * A failed load is forgotten so the next form tries again.
 */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  const known = loads.get(publishableKey);
  if (known) return known;
  const load = loadStripe(publishableKey).catch((error: unknown) => {
    loads.delete(publishableKey);
    throw error;
  });
  loads.set(publishableKey, load);
  return load;
}
