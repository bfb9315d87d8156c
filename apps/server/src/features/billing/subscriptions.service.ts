import {
  PAYMENTS_NOT_CONFIGURED_MESSAGE,
  type ChangePlanPreview,
  type CheckoutSession,
  type CurrentSubscriptionResponse,
  type Invoice,
  type Plan,
  type SetupIntentResponse,
  type Subscription,
} from '@parallax/contract';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../db/schema';
import { AppError } from '../../infra/errors';
import { toPlan } from './plan-view';
import { PlansRepository, type PlanRow } from './plans.repository';
import { PLAN_NOT_FOUND } from './plans.service';
import { grantsAccess, SubscriptionSync } from './subscription-sync';
import { toInvoice, toStatus, toSubscription } from './subscription-view';
import { SubscriptionsRepository, type SubscriptionRow } from './subscriptions.repository';

export const NO_ACTIVE_SUBSCRIPTION = 'No active subscription';
export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';

/** Statuses whose latest invoice can still be paid on the payment screen. */
const PAYABLE = new Set(['incomplete', 'past_due', 'unpaid']);

export interface BillingDeps {
  db: Kysely<Database>;
  /** Null without STRIPE_SECRET_KEY. */
  stripe: Stripe | null;
  publishableKey: string | undefined;
  graceDays: number;
  appUrl: string;
  freeDailySetting: number;
}

interface Configured {
  stripe: Stripe;
  publishableKey: string;
}

/**
 * A user's side of billing: checkout, the payment screen, the current state, plan changes,
 * cancelling, the card, invoices and the portal. Access itself changes only through
 * SubscriptionSync, fed by Stripe (webhooks, or Stripe's own answer to a change made here).
 */
export class SubscriptionsService {
  readonly repository: SubscriptionsRepository;
  readonly plans: PlansRepository;
  readonly sync: SubscriptionSync;

  constructor(readonly deps: BillingDeps) {
    this.repository = new SubscriptionsRepository(deps.db);
    this.plans = new PlansRepository(deps.db);
    this.sync = new SubscriptionSync(deps.graceDays);
  }

  get configured(): boolean {
    return this.deps.stripe !== null && this.deps.publishableKey !== undefined;
  }

  /** Stripe and the publishable key, or 404 payments_not_configured (issue 18 §6). */
  requireStripe(): Configured {
    const { stripe, publishableKey } = this.deps;
    if (stripe === null || publishableKey === undefined)
      throw new AppError('payments_not_configured', PAYMENTS_NOT_CONFIGURED_MESSAGE);
    return { stripe, publishableKey };
  }

  planView = (row: PlanRow): Plan => toPlan(row, this.deps.freeDailySetting);

  async view(row: SubscriptionRow): Promise<Subscription> {
    const plan = await this.plans.find(row.plan_id);
    if (!plan) throw new AppError('not_found', PLAN_NOT_FOUND);
    return toSubscription(row, this.planView(plan), this.deps.graceDays);
  }

  /** GET /billing/subscription. */
  async current(userId: string): Promise<CurrentSubscriptionResponse> {
    const plan = await this.plans.findForUser(userId);
    if (!plan) throw new AppError('not_found', PLAN_NOT_FOUND);
    const rows = await this.repository.listForUser(userId);
    const shown = rows.find((r) => grantsAccess(r, this.deps.graceDays)) ?? rows[0];
    return {
      plan: this.planView(plan),
      subscription: shown ? await this.view(shown) : null,
      payments_configured: this.configured,
    };
  }

  /** POST /billing/checkout: a new subscription (or the unpaid one already started for it). */
  async checkout(userId: string, planId: string): Promise<CheckoutSession> {
    const { stripe } = this.requireStripe();
    const plan = await this.plans.find(planId);
    if (!plan || plan.archived_at !== null) throw new AppError('not_found', PLAN_NOT_FOUND);
    if (plan.is_free === 1)
      throw new AppError('validation_error', 'body.plan_id: the free plan needs no checkout.');
    if (plan.stripe_price_id === null)
      throw new AppError(
        'service_unavailable',
        'This plan is not available for purchase yet. Please try again later.',
      );
    const rows = await this.repository.listForUser(userId);
    if (rows.some((r) => grantsAccess(r, this.deps.graceDays)))
      throw new AppError(
        'conflict',
        'You already have a subscription. Change your plan on the subscription page.',
      );
    const pending = rows.find((r) => r.status === 'incomplete');
    if (pending?.plan_id === planId) return this.payment(userId, pending.id);
    // Only one unpaid subscription at a time: the previous attempt (another plan) is dropped.
    if (pending) await stripe.subscriptions.cancel(pending.id);

    const customer = await this.#customer(stripe, userId);
    const created = await stripe.subscriptions.create(
      {
        customer,
        items: [{ price: plan.stripe_price_id }],
        payment_behavior: 'default_incomplete',
        payment_settings: {
          save_default_payment_method: 'on_subscription',
          payment_method_types: ['card'],
        },
        metadata: { user_id: userId, plan_id: planId },
        expand: ['latest_invoice.confirmation_secret'],
      },
      // Two clicks at once (same count of earlier attempts) make one subscription.
      { idempotencyKey: `parallax-subscribe-${userId}-${planId}-${rows.length}` },
    );
    // Incomplete grants nothing: recording it only lets /payment find it before the webhook.
    await this.applyFromStripe(created);
    return this.#session(created, plan);
  }

  /** GET /billing/subscriptions/{id}/payment. */
  async payment(userId: string, subscriptionId: string): Promise<CheckoutSession> {
    const { stripe } = this.requireStripe();
    const row = await this.#owned(userId, subscriptionId);
    const sub = await stripe.subscriptions.retrieve(row.id, {
      expand: ['latest_invoice.confirmation_secret'],
    });
    const plan = await this.plans.find(row.plan_id);
    if (!plan) throw new AppError('not_found', PLAN_NOT_FOUND);
    return this.#session(sub, plan);
  }

  #session(sub: Stripe.Subscription, plan: PlanRow): CheckoutSession {
    const { publishableKey } = this.requireStripe();
    const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
    const secret = invoice?.confirmation_secret?.client_secret ?? null;
    const payable = PAYABLE.has(sub.status) && invoice?.status === 'open' && secret !== null;
    return {
      subscription_id: sub.id,
      plan: this.planView(plan),
      status: toStatus(sub.status),
      payable,
      client_secret: payable ? secret : null,
      publishable_key: publishableKey,
      amount_due: payable ? (invoice?.amount_remaining ?? 0) : 0,
      currency: invoice?.currency ?? plan.currency,
    };
  }

  /** POST /billing/subscription/change-preview: what changing now would charge. */
  async previewChange(userId: string, planId: string, at?: number): Promise<ChangePlanPreview> {
    const { stripe } = this.requireStripe();
    const { row, plan, itemId } = await this.#changeTarget(stripe, userId, planId);
    const prorationDate = at ?? Math.floor(Date.now() / 1000);
    const preview = await stripe.invoices.createPreview({
      customer: row.customer_id,
      subscription: row.id,
      subscription_details: {
        items: [{ id: itemId, price: plan.stripe_price_id ?? '' }],
        proration_behavior: 'always_invoice',
        proration_date: prorationDate,
      },
    });
    const lines = preview.lines.data.map((line) => {
      const proration = line.parent?.subscription_item_details?.proration ?? false;
      return {
        description: line.description ?? '',
        amount: line.amount,
        proration,
        period_start: new Date(line.period.start * 1000).toISOString(),
        period_end: new Date(line.period.end * 1000).toISOString(),
      };
    });
    return {
      plan: this.planView(plan),
      currency: preview.currency,
      proration_amount: lines.filter((l) => l.proration).reduce((sum, l) => sum + l.amount, 0),
      subtotal: preview.subtotal,
      total: preview.total,
      amount_due: preview.amount_due,
      next_payment_at:
        preview.next_payment_attempt === null
          ? null
          : new Date(preview.next_payment_attempt * 1000).toISOString(),
      proration_date: prorationDate,
      lines,
    };
  }

  /** POST /billing/subscription/change: the new plan now, the difference charged at once. */
  async change(userId: string, planId: string, at?: number): Promise<Subscription> {
    const { stripe } = this.requireStripe();
    const { row, plan, itemId } = await this.#changeTarget(stripe, userId, planId);
    const prorationDate = at ?? Math.floor(Date.now() / 1000);
    const updated = await stripe.subscriptions.update(
      row.id,
      {
        items: [{ id: itemId, price: plan.stripe_price_id ?? '' }],
        proration_behavior: 'always_invoice',
        proration_date: prorationDate,
        metadata: { plan_id: plan.id },
        expand: ['default_payment_method'],
      },
      { idempotencyKey: `parallax-change-${row.id}-${plan.id}-${prorationDate}` },
    );
    return this.#applied(updated);
  }

  async #changeTarget(stripe: Stripe, userId: string, planId: string) {
    const row = await this.#active(userId);
    const plan = await this.plans.find(planId);
    if (!plan || plan.archived_at !== null) throw new AppError('not_found', PLAN_NOT_FOUND);
    if (plan.is_free === 1)
      throw new AppError(
        'validation_error',
        'body.plan_id: to move to the free plan, cancel the subscription.',
      );
    if (plan.id === row.plan_id)
      throw new AppError('validation_error', 'body.plan_id: this is already your plan.');
    if (plan.stripe_price_id === null)
      throw new AppError(
        'service_unavailable',
        'This plan is not available for purchase yet. Please try again later.',
      );
    const sub = await stripe.subscriptions.retrieve(row.id);
    const itemId = sub.items.data[0]?.id;
    if (itemId === undefined) throw new AppError('not_found', NO_ACTIVE_SUBSCRIPTION);
    return { row, plan, itemId };
  }

  /** POST /billing/subscription/cancel (true) and /resume (false). */
  async setCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<Subscription> {
    const { stripe } = this.requireStripe();
    const row = await this.#active(userId);
    const updated = await stripe.subscriptions.update(
      row.id,
      { cancel_at_period_end: cancel, expand: ['default_payment_method'] },
      { idempotencyKey: `parallax-cancel-${row.id}-${cancel}-${row.updated_at}` },
    );
    return this.#applied(updated);
  }

  /** POST /billing/subscription/setup-intent: a new card for the subscription. */
  async setupIntent(userId: string): Promise<SetupIntentResponse> {
    const { stripe, publishableKey } = this.requireStripe();
    const row = await this.#active(userId);
    const intent = await stripe.setupIntents.create({
      customer: row.customer_id,
      usage: 'off_session',
      // The setup_intent.succeeded webhook makes the card the subscription's default.
      metadata: { subscription_id: row.id, user_id: userId },
    });
    if (intent.client_secret === null)
      throw new AppError(
        'service_unavailable',
        'The card form could not be prepared. Please try again.',
      );
    return { client_secret: intent.client_secret, publishable_key: publishableKey };
  }

  /** GET /billing/invoices. */
  async invoices(userId: string): Promise<Invoice[]> {
    const { stripe } = this.requireStripe();
    const owner = await this.repository.customerOf(userId);
    if (!owner?.customerId) return [];
    const page = await stripe.invoices.list({ customer: owner.customerId, limit: 100 });
    return page.data.filter((i) => i.status !== 'draft').map(toInvoice);
  }

  /** POST /billing/portal. */
  async portal(userId: string): Promise<string> {
    const { stripe } = this.requireStripe();
    const owner = await this.repository.customerOf(userId);
    if (!owner?.customerId) throw new AppError('not_found', NO_ACTIVE_SUBSCRIPTION);
    const session = await stripe.billingPortal.sessions.create({
      customer: owner.customerId,
      return_url: `${this.deps.appUrl}/subscription/manage`,
    });
    return session.url;
  }

  /** Stores Stripe's own answer (never the browser's word) and the owner's plan, atomically. */
  async applyFromStripe(sub: Stripe.Subscription): Promise<void> {
    await this.deps.db.transaction().execute((trx) => this.sync.apply(trx, sub));
  }

  async #applied(sub: Stripe.Subscription): Promise<Subscription> {
    await this.applyFromStripe(sub);
    const row = await this.repository.find(sub.id);
    if (!row) throw new AppError('not_found', SUBSCRIPTION_NOT_FOUND);
    return this.view(row);
  }

  /** The subscription granting the user's plan now, or 404. */
  async #active(userId: string): Promise<SubscriptionRow> {
    const rows = await this.repository.listForUser(userId);
    const row = rows.find((r) => grantsAccess(r, this.deps.graceDays));
    if (!row) throw new AppError('not_found', NO_ACTIVE_SUBSCRIPTION);
    return row;
  }

  async #owned(userId: string, id: string): Promise<SubscriptionRow> {
    const row = await this.repository.find(id);
    if (!row || row.user_id !== userId) throw new AppError('not_found', SUBSCRIPTION_NOT_FOUND);
    return row;
  }

  /** The user's Stripe customer, created once (an idempotency key covers a race). */
  async #customer(stripe: Stripe, userId: string): Promise<string> {
    const owner = await this.repository.customerOf(userId);
    if (!owner) throw new AppError('not_found', 'User not found');
    if (owner.customerId !== null) return owner.customerId;
    const customer = await stripe.customers.create(
      { email: owner.email, metadata: { user_id: userId } },
      { idempotencyKey: `parallax-customer-${userId}` },
    );
    return this.repository.claimCustomer(userId, customer.id);
  }
}
