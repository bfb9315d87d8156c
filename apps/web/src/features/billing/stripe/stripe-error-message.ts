import type { StripeError } from '@stripe/stripe-js';

export const CARD_FORM_FALLBACK = 'The payment could not be completed. Please try again.';

/**
 * What to tell the payer. Card and validation errors carry Stripe's own words, written for
 * payers ("Your card has insufficient funds."); other kinds (API, rate limit, authentication)
 * describe the integration, not the card, and stay behind a plain sentence (Stripe's advice).
 */
export function stripeErrorMessage(
  error: Pick<StripeError, 'type' | 'message'> & { code?: string },
): string {
  if (!error.message) return CARD_FORM_FALLBACK;
  if (error.type === 'card_error' || error.type === 'validation_error') return error.message;
  // A 3-D Secure check the payer failed or closed comes as a request error, yet it is theirs.
  if (AUTHENTICATION_FAILURES.has(error.code ?? '')) return error.message;
  return CARD_FORM_FALLBACK;
}

const AUTHENTICATION_FAILURES = new Set([
  'payment_intent_authentication_failure',
  'setup_intent_authentication_failure',
]);
