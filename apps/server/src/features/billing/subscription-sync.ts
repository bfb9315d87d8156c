import type Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { HandledEvent } from './stripe-event.schema';
import { PlansRepository } from './plans.repository';
import { SubscriptionsRepository, type SubscriptionRow } from './subscriptions.repository';

const DAY_MS = 86_400_000;

/** Statuses that grant their plan (past_due too, within the grace period). */
const GRANTING = new Set(['active', 'trialing']);

const iso = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000).toISOString();

const idOf = (value: string | { id: string } | null) =>
  value === null ? null : typeof value === 'string' ? value : value.id;

/** When a past-due subscription stops granting its plan (null: it is not past due). */
export function graceEnd(
  row: Pick<SubscriptionRow, 'status' | 'past_due_since'>,
  graceDays: number,
): string | null {
  if (row.status !== 'past_due' || row.past_due_since === null) return null;
  return new Date(Date.parse(row.past_due_since) + graceDays * DAY_MS).toISOString();
}

export function grantsAccess(
  row: Pick<SubscriptionRow, 'status' | 'past_due_since'>,
  graceDays: number,
  now = Date.now(),
): boolean {
  if (GRANTING.has(row.status)) return true;
  const end = graceEnd(row, graceDays);
  return end !== null && Date.parse(end) > now;
}

/** The subscription id a handled event is about (subscription events, and invoices of one). */
export function subscriptionIdOfEvent(event: HandledEvent): string | null {
  const object = event.data.object;
  switch (object.object) {
    case 'subscription':
      return object.id;
    case 'invoice':
      return idOf(object.parent?.subscription_details?.subscription ?? null);
    case 'setup_intent':
      return object.metadata?.subscription_id ?? null;
  }
}

/**
 * Writes a subscription as Stripe reports it, and its owner's plan from every subscription
 * they have. Always fed a fresh copy from Stripe (never an event's snapshot), so events handled
 * in any order, or twice, end in Stripe's current state.
 */
export class SubscriptionSync {
  constructor(private readonly graceDays: number) {}

  /** Upserts within `db` (the webhook's transaction). Returns the owner, or null if unknown. */
  async apply(db: Kysely<Database>, sub: Stripe.Subscription): Promise<string | null> {
    const repository = new SubscriptionsRepository(db);
    const plans = new PlansRepository(db);
    const customerId = idOf(sub.customer);
    if (customerId === null) return null;
    const userId = (await repository.userByCustomer(customerId)) ?? sub.metadata.user_id;
    if (userId === undefined || !(await repository.userExists(userId))) return null;
    const item = sub.items.data[0];
    if (!item) return null;
    const priceId = item.price.id;
    const planId =
      (await plans.findByPriceId(priceId))?.id ??
      (sub.metadata.plan_id !== undefined
        ? (await plans.find(sub.metadata.plan_id))?.id
        : undefined);
    if (planId === undefined) return null;

    const existing = await repository.find(sub.id);
    const now = new Date().toISOString();
    const pastDueSince =
      sub.status === 'past_due'
        ? existing?.status === 'past_due' && existing.past_due_since !== null
          ? existing.past_due_since
          : now
        : null;
    const pm = sub.default_payment_method;
    const card = pm !== null && typeof pm !== 'string' ? pm.card : undefined;
    await repository.upsert({
      id: sub.id,
      user_id: userId,
      customer_id: customerId,
      plan_id: planId,
      price_id: priceId,
      status: sub.status,
      current_period_start: iso(item.current_period_start),
      current_period_end: iso(item.current_period_end),
      cancel_at_period_end: sub.cancel_at_period_end ? 1 : 0,
      canceled_at: iso(sub.canceled_at),
      ended_at: iso(sub.ended_at),
      past_due_since: pastDueSince,
      // An unexpanded or removed card keeps what we knew only when the id did not change.
      card_brand: card ? card.brand : pm === null ? null : (existing?.card_brand ?? null),
      card_last4: card ? card.last4 : pm === null ? null : (existing?.card_last4 ?? null),
      card_exp_month: card
        ? card.exp_month
        : pm === null
          ? null
          : (existing?.card_exp_month ?? null),
      card_exp_year: card ? card.exp_year : pm === null ? null : (existing?.card_exp_year ?? null),
      latest_invoice_id: idOf(sub.latest_invoice),
      started_at: iso(sub.created) ?? now,
      created_at: existing?.created_at ?? now,
      updated_at: now,
    });
    await this.refreshUserPlan(db, userId);
    return userId;
  }

  /** users.plan_id from the newest subscription granting access; the free plan otherwise. */
  async refreshUserPlan(db: Kysely<Database>, userId: string): Promise<void> {
    const repository = new SubscriptionsRepository(db);
    const granting = (await repository.listForUser(userId)).find((s) =>
      grantsAccess(s, this.graceDays),
    );
    await repository.setUserPlan(
      userId,
      granting?.plan_id ?? null,
      granting ? graceEnd(granting, this.graceDays) : null,
    );
  }
}
