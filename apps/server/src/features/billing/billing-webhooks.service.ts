import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../db/schema';
import { SubscriptionsRepository } from './subscriptions.repository';
import type { HandledEvent, VerifiedEvent } from './stripe-event.schema';
import { subscriptionIdOfEvent, type SubscriptionSync } from './subscription-sync';

/** Signature tolerance: Stripe's default, 5 minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Applies a verified event: re-fetches the subscription it is about from Stripe and upserts it,
 * recording the event id in the same transaction (a replay finds the id and does nothing).
 */
export class BillingWebhooks {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly stripe: Stripe,
    private readonly sync: SubscriptionSync,
  ) {}

  async handle({ handled, event }: VerifiedEvent): Promise<{ duplicate: boolean }> {
    const repository = new SubscriptionsRepository(this.db);
    if (await repository.hasEvent(event.id)) return { duplicate: true };
    const subscriptionId = handled ? subscriptionIdOfEvent(event) : null;
    if (handled && event.type === 'setup_intent.succeeded' && subscriptionId !== null)
      await this.#useNewCard(event.data.object, subscriptionId);
    const sub = subscriptionId === null ? null : await this.#fetch(subscriptionId);
    return this.db.transaction().execute(async (trx) => {
      const recorded = await new SubscriptionsRepository(trx).recordEvent(
        event.id,
        event.type,
        subscriptionId,
      );
      if (!recorded) return { duplicate: true };
      if (sub) await this.sync.apply(trx, sub);
      return { duplicate: false };
    });
  }

  /** Stripe's current copy; null when Stripe no longer knows it (nothing to apply). */
  async #fetch(id: string): Promise<Stripe.Subscription | null> {
    try {
      return await this.stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] });
    } catch (error) {
      if ((error as { code?: string }).code === 'resource_missing') return null;
      throw error;
    }
  }

  /** A card saved with a SetupIntent from /subscription/manage becomes the one charged. */
  async #useNewCard(
    intent: Extract<HandledEvent, { type: 'setup_intent.succeeded' }>['data']['object'],
    subscriptionId: string,
  ): Promise<void> {
    const pm = intent.payment_method;
    const pmId = typeof pm === 'string' ? pm : pm?.id;
    if (pmId === undefined) return;
    await this.stripe.subscriptions.update(
      subscriptionId,
      { default_payment_method: pmId },
      { idempotencyKey: `parallax-card-${intent.id}` },
    );
  }
}
