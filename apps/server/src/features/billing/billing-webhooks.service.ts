import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../db/schema';
import { SubscriptionsRepository } from './subscriptions.repository';
import { subscriptionIdOfEvent, type SubscriptionSync } from './subscription-sync';

/** The events the endpoint acts on (README "Plans and payments" lists them for the dashboard). */
export const HANDLED_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
  'setup_intent.succeeded',
] as const;

const HANDLED = new Set<string>(HANDLED_EVENTS);

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

  async handle(event: Stripe.Event): Promise<{ duplicate: boolean }> {
    const repository = new SubscriptionsRepository(this.db);
    if (await repository.hasEvent(event.id)) return { duplicate: true };
    const subscriptionId = HANDLED.has(event.type) ? subscriptionIdOfEvent(event) : null;
    if (event.type === 'setup_intent.succeeded' && subscriptionId !== null)
      await this.#useNewCard(event.data.object as Stripe.SetupIntent, subscriptionId);
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
  async #useNewCard(intent: Stripe.SetupIntent, subscriptionId: string): Promise<void> {
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
