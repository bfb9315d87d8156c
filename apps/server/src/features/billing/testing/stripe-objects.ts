import { randomBytes } from 'node:crypto';
import { list, record, text, type FormObject, type FormValue } from './stripe-form';

/**
 * Stripe's objects as the stand-in answers them (test support, never shipped), field for field
 * after the API version stripe-node pins: see node_modules/stripe/cjs/resources/*.d.ts.
 */

export type Json = Record<string, unknown>;

export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json & { type: string; message: string },
  ) {
    super(body.message);
  }
}

export const missing = (kind: string, id: string) =>
  new StripeFailure(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: 'id',
  });

export const invalid = (param: string, message: string) =>
  new StripeFailure(400, {
    type: 'invalid_request_error',
    code: 'parameter_invalid',
    message,
    param,
  });

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export const now = () => Math.floor(Date.now() / 1000);

/** Stripe's test cards: what confirming with each number does. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  requiresAction: '4000002500003155',
  declined: '4000000000009995',
} as const;

export const DECLINE_MESSAGE = 'Your card has insufficient funds.';

export function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

export function addInterval(from: number, interval: string, count: number): number {
  const date = new Date(from * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else date.setUTCDate(date.getUTCDate() + count);
  return Math.floor(date.getTime() / 1000);
}

export function asObject(value: FormValue | undefined): FormObject {
  return value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

export function listOf(url: string, data: Json[], limit: string | undefined): Json {
  const n = Math.min(Math.max(Number(limit ?? 10) || 10, 1), 100);
  return { object: 'list', url, has_more: data.length > n, data: data.slice(0, n) };
}

export function subscriptionObject({
  id,
  customer,
  price,
  start,
  form,
}: {
  id: string;
  customer: string;
  price: Json;
  start: number;
  form: FormObject;
}): Json {
  const recurring = price.recurring as { interval: string; interval_count: number };
  return {
    id,
    object: 'subscription',
    application: null,
    billing_cycle_anchor: start,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: start,
    currency: price.currency,
    customer,
    default_payment_method: null,
    description: null,
    ended_at: null,
    items: {
      object: 'list',
      url: `/v1/subscription_items?subscription=${id}`,
      has_more: false,
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          created: start,
          current_period_start: start,
          current_period_end: addInterval(start, recurring.interval, recurring.interval_count),
          metadata: {},
          price,
          quantity: 1,
          subscription: id,
        },
      ],
    },
    latest_invoice: null,
    livemode: false,
    metadata: record(form, 'metadata'),
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method:
        text(asObject(form.payment_settings), 'save_default_payment_method') ?? 'off',
    },
    pending_setup_intent: null,
    pending_update: null,
    start_date: start,
    status: 'incomplete',
    trial_end: null,
    trial_start: null,
  };
}

/** An invoice line of a subscription item (proration or a period's charge). */
export function lineObject(
  sub: Json,
  item: Json,
  description: string,
  amount: number,
  proration: boolean,
  start: number,
  end: number,
): Json {
  const price = item.price as Json;
  return {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: sub.currency,
    description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration,
        proration_details: { credited_items: null },
        subscription: sub.id,
        subscription_item: item.id,
      },
    },
    period: { start, end },
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: price.id, product: price.product },
      unit_amount_decimal: String(amount),
    },
    quantity: 1,
    subtotal: amount,
    taxes: [],
  };
}

export function invoiceObject({
  id,
  sub,
  item,
  reason,
  lines,
  baseUrl,
  number,
}: {
  id: string;
  sub: Json;
  item: Json;
  reason: string;
  lines: Json[];
  baseUrl: string;
  number: number;
}): Json {
  const total = lines.reduce((sum, l) => sum + Number(l.amount), 0);
  const due = Math.max(0, total);
  return {
    id,
    object: 'invoice',
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: due,
    attempt_count: 0,
    attempted: false,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: now(),
    currency: sub.currency,
    customer: sub.customer,
    default_payment_method: null,
    description: null,
    hosted_invoice_url: `${baseUrl}/i/${id}`,
    invoice_pdf: `${baseUrl}/i/${id}/pdf`,
    lines: { object: 'list', url: `/v1/invoices/${id}/lines`, has_more: false, data: lines },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `STANDIN-${String(number).padStart(4, '0')}`,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: sub.metadata, subscription: sub.id },
    },
    period_end: item.current_period_start,
    period_start: item.current_period_start,
    status: due === 0 ? 'paid' : 'open',
    status_transitions: {
      finalized_at: now(),
      marked_uncollectible_at: null,
      paid_at: due === 0 ? now() : null,
      voided_at: null,
    },
    subtotal: total,
    total,
  };
}

export function paymentIntentObject(sub: Json, invoiceId: string, amount: number): Json {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    amount,
    amount_received: 0,
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    created: now(),
    currency: sub.currency,
    customer: sub.customer,
    last_payment_error: null,
    livemode: false,
    metadata: {},
    next_action: null,
    payment_method: null,
    setup_future_usage: 'off_session',
    status: 'requires_payment_method',
    // Not a Stripe field: lets the controls find the invoice a payment pays.
    invoice: invoiceId,
  };
}

export function setupIntentObject(form: FormObject, customer: string | null): Json {
  const id = newId('seti');
  const types = list(form, 'payment_method_types');
  return {
    id,
    object: 'setup_intent',
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    created: now(),
    customer,
    last_setup_error: null,
    livemode: false,
    metadata: record(form, 'metadata'),
    next_action: null,
    payment_method: null,
    payment_method_types: types.length > 0 ? types : ['card'],
    status: 'requires_payment_method',
    usage: text(form, 'usage') ?? 'off_session',
  };
}

export function paymentMethodObject(customer: string, number: string): Json {
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'always',
    billing_details: { address: null, email: null, name: null, phone: null },
    card: {
      brand: cardBrand(number),
      country: 'US',
      display_brand: cardBrand(number),
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
      funding: 'credit',
      last4: number.slice(-4),
    },
    created: now(),
    customer,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export function portalSessionObject(
  customer: string,
  returnUrl: string | null,
  baseUrl: string,
): Json {
  const id = newId('bps');
  return {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_standin',
    created: now(),
    customer,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: returnUrl,
    url: `${baseUrl}/p/session/${id}`,
  };
}
