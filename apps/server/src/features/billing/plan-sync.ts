import type Stripe from 'stripe';
import { AppError } from '../../infra/errors';
import type { PlanRow } from './plans.repository';

export type StripeIds = Pick<PlanRow, 'stripe_product_id' | 'stripe_price_id'>;

/** The lookup key of a plan's current price: checkout finds the price by it. */
export const planLookupKey = (planId: string) => `parallax_plan_${planId}`;

const UNREACHABLE =
  'Could not reach the card provider, so the plan was not saved. Please try again in a moment.';

/**
 * Keeps a paid plan's Stripe product and price in step with it. A price cannot change in
 * Stripe, so a new price (or currency, or interval) is a new price that takes over the lookup
 * key, and the old one is archived. Idempotency keys make a retried save reuse what an
 * interrupted one created.
 */
export class PlanSync {
  constructor(private readonly stripe: Stripe) {}

  /** Syncs `next` (the plan as it is about to be saved; `previous` as stored) and returns its ids. */
  async sync(next: PlanRow, previous: PlanRow | null): Promise<StripeIds> {
    if (next.is_free === 1)
      return { stripe_product_id: next.stripe_product_id, stripe_price_id: next.stripe_price_id };
    try {
      const productId = await this.#product(next);
      const priceChanged =
        previous === null ||
        previous.stripe_price_id === null ||
        previous.price_minor !== next.price_minor ||
        previous.currency !== next.currency ||
        previous.interval !== next.interval;
      if (!priceChanged)
        return { stripe_product_id: productId, stripe_price_id: next.stripe_price_id };
      const price = await this.stripe.prices.create(
        {
          product: productId,
          currency: next.currency,
          unit_amount: next.price_minor,
          recurring: { interval: next.interval === 'year' ? 'year' : 'month' },
          lookup_key: planLookupKey(next.id),
          transfer_lookup_key: true,
          metadata: { plan_id: next.id },
        },
        {
          idempotencyKey: `plan-price-${next.id}-${previous?.stripe_price_id ?? 'none'}-${next.price_minor}-${next.currency}-${next.interval}`,
        },
      );
      if (previous?.stripe_price_id && previous.stripe_price_id !== price.id)
        await this.stripe.prices.update(previous.stripe_price_id, { active: false });
      return { stripe_product_id: productId, stripe_price_id: price.id };
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('service_unavailable', UNREACHABLE);
    }
  }

  async #product(plan: PlanRow): Promise<string> {
    const fields = {
      name: plan.name,
      active: plan.archived_at === null,
      metadata: { plan_id: plan.id },
      ...(plan.description !== '' && { description: plan.description }),
    };
    if (plan.stripe_product_id !== null) {
      await this.stripe.products.update(plan.stripe_product_id, fields);
      return plan.stripe_product_id;
    }
    const product = await this.stripe.products.create(fields, {
      idempotencyKey: `plan-product-${plan.id}`,
    });
    return product.id;
  }
}
