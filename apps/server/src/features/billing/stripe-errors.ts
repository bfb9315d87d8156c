import Stripe from 'stripe';
import { AppError } from '../../infra/errors';

const UNREACHABLE = 'Could not reach the card provider. Please try again in a moment.';

/**
 * Stripe's failures as our errors: a declined card keeps Stripe's message (written for the
 * card holder); anything else (network, Stripe's outage, a refused request) is 503 with a
 * message that names no internals.
 */
export function rethrowStripeError(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (error instanceof Stripe.errors.StripeCardError)
    throw new AppError('card_declined', error.message);
  if (error instanceof Stripe.errors.StripeError)
    throw new AppError('service_unavailable', UNREACHABLE);
  throw error;
}

/** Awaits a call that reaches Stripe, mapping its failures (rethrowStripeError). */
export function guardStripe<T>(call: Promise<T>): Promise<T> {
  return call.catch(rethrowStripeError);
}
