import type { BillingStandIn } from './stripe-billing-stand-in';
import {
  invalid,
  TEST_CARDS,
  DECLINE_MESSAGE,
  addInterval,
  now,
  type Json,
} from './stripe-objects';
import { invoiceView, itemOf, currentPeriodLine } from './stripe-invoice-lines';

/*
 * The billing stand-in's test controls: what the browser's Stripe.js would do with a card,
 * and what time would do to a subscription. Each emits the webhook events Stripe would.
 */

/**
 * What the browser's `stripe.confirmPayment` / `confirmSetup` does, keyed by the client
 * secret: the card number decides (TEST_CARDS). A 3-D Secure card first answers
 * requires_action; confirming again with `authenticated` completes it.
 */
export async function confirm(
  billing: BillingStandIn,

  clientSecret: string,
  card: string,
  authenticated = false,
): Promise<{
  status: string;
  error: { code: string; decline_code?: string; message: string } | null;
}> {
  const isSetup = clientSecret.startsWith('seti_');
  const intentId = clientSecret.split('_secret_')[0] ?? '';
  const intent = (isSetup ? billing.setupIntents : billing.paymentIntents).get(intentId);
  if (!intent || intent.client_secret !== clientSecret)
    throw invalid('client_secret', 'No such client_secret.');
  if (intent.status === 'succeeded') return { status: 'succeeded', error: null };
  const digits = card.replace(/\D/g, '');
  const invoice = isSetup ? undefined : billing.invoices.get(String(intent.invoice));
  if (digits === TEST_CARDS.declined) {
    const error = {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: DECLINE_MESSAGE,
    };
    intent.status = 'requires_payment_method';
    intent[isSetup ? 'last_setup_error' : 'last_payment_error'] = {
      type: 'card_error',
      ...error,
    };
    if (invoice) await billing.failInvoice(invoice);
    return { status: 'requires_payment_method', error };
  }
  if (digits === TEST_CARDS.requiresAction && !authenticated) {
    intent.status = 'requires_action';
    intent.next_action = {
      type: 'use_stripe_sdk',
      use_stripe_sdk: { type: 'three_d_secure_redirect' },
    };
    if (invoice)
      await billing.deps.webhooks.emit('invoice.payment_action_required', invoiceView(invoice, []));
    return { status: 'requires_action', error: null };
  }
  const customer = String(intent.customer);
  const pm = billing.createPaymentMethod(customer, digits);
  intent.payment_method = pm.id;
  intent.status = 'succeeded';
  intent.next_action = null;
  if (isSetup) {
    await billing.deps.webhooks.emit('setup_intent.succeeded', intent);
    return { status: 'succeeded', error: null };
  }
  if (invoice) await billing.payInvoice(invoice, pm.id as string);
  return { status: 'succeeded', error: null };
}

/**
 * Test control: the period ends. A subscription set to cancel at period end ends
 * (customer.subscription.deleted); otherwise the next period starts and its invoice is
 * charged off-session (chargeOutcome decides: invoice.paid, or invoice.payment_failed and
 * past_due).
 */
export async function advancePeriod(billing: BillingStandIn, id: string): Promise<void> {
  const sub = billing.get(billing.subscriptions, 'subscription', id);
  const item = itemOf(sub);
  if (sub.cancel_at_period_end === true) {
    sub.status = 'canceled';
    sub.ended_at = item.current_period_end;
    await billing.deps.webhooks.emit(
      'customer.subscription.deleted',
      billing.subscriptionView(sub, []),
    );
    return;
  }
  const before = structuredClone(sub);
  const price = item.price as Json;
  const recurring = price.recurring as { interval: string; interval_count: number };
  item.current_period_start = item.current_period_end;
  item.current_period_end = addInterval(
    item.current_period_end as number,
    recurring.interval,
    recurring.interval_count,
  );
  const invoice = billing.createInvoice(sub, 'subscription_cycle', [
    currentPeriodLine(sub, price, billing.deps.products),
  ]);
  await billing.emitSubscriptionUpdate(sub, before, {
    items: before.items,
    latest_invoice: before.latest_invoice,
  });
  await billing.chargeOffSession(sub, invoice);
}

/** Test control: retry a subscription's open latest invoice off-session. */
export async function retryLatestInvoice(billing: BillingStandIn, id: string): Promise<void> {
  const sub = billing.get(billing.subscriptions, 'subscription', id);
  const invoice = billing.get(billing.invoices, 'invoice', String(sub.latest_invoice));
  if (invoice.status === 'open') await billing.chargeOffSession(sub, invoice);
}

/** Test control: an incomplete subscription's first invoice was not paid within 23 hours. */
export async function expireIncomplete(billing: BillingStandIn, id: string): Promise<void> {
  const sub = billing.get(billing.subscriptions, 'subscription', id);
  if (sub.status !== 'incomplete') return;
  const before = structuredClone(sub);
  sub.status = 'incomplete_expired';
  sub.ended_at = now();
  const invoice = billing.invoices.get(String(sub.latest_invoice));
  if (invoice) invoice.status = 'void';
  await billing.emitSubscriptionUpdate(sub, before, { status: 'incomplete' });
}
