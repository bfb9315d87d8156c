import type {
  AdminSubscriptionRow,
  CardOnFile,
  GraceInfo,
  Invoice,
  InvoiceStatus,
  Plan,
  Subscription,
  SubscriptionStatus,
} from '@parallax/contract';
import { INVOICE_STATUSES, SUBSCRIPTION_STATUSES } from '@parallax/contract';
import type Stripe from 'stripe';
import { graceEnd, grantsAccess } from './subscription-sync';
import type { SubscriptionListRow, SubscriptionRow } from './subscriptions.repository';

export function toStatus(status: string): SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status)
    ? (status as SubscriptionStatus)
    : 'incomplete';
}

function cardOf(row: SubscriptionRow): CardOnFile | null {
  if (row.card_brand === null || row.card_last4 === null) return null;
  return {
    brand: row.card_brand,
    last4: row.card_last4,
    exp_month: row.card_exp_month ?? 0,
    exp_year: row.card_exp_year ?? 0,
  };
}

function graceOf(row: SubscriptionRow, graceDays: number): GraceInfo | null {
  const end = graceEnd(row, graceDays);
  return end === null || row.past_due_since === null
    ? null
    : { past_due_since: row.past_due_since, access_until: end };
}

export function toSubscription(row: SubscriptionRow, plan: Plan, graceDays: number): Subscription {
  return {
    id: row.id,
    plan,
    status: toStatus(row.status),
    grants_access: grantsAccess(row, graceDays),
    current_period_start: row.current_period_start,
    current_period_end: row.current_period_end,
    cancel_at_period_end: row.cancel_at_period_end === 1,
    canceled_at: row.canceled_at,
    ended_at: row.ended_at,
    card: cardOf(row),
    grace: graceOf(row, graceDays),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toAdminRow(row: SubscriptionListRow, graceDays: number): AdminSubscriptionRow {
  return {
    id: row.id,
    user_id: row.user_id,
    email: row.email,
    plan_id: row.plan_id,
    plan_name: row.plan_name,
    status: toStatus(row.status),
    grants_access: grantsAccess(row, graceDays),
    cancel_at_period_end: row.cancel_at_period_end === 1,
    current_period_end: row.current_period_end,
    price: row.price_minor,
    currency: row.currency,
    interval: row.interval === 'year' ? 'year' : 'month',
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toAdminDetail(row: SubscriptionListRow, graceDays: number) {
  return {
    ...toAdminRow(row, graceDays),
    customer_id: row.customer_id,
    card: cardOf(row),
    grace: graceOf(row, graceDays),
    canceled_at: row.canceled_at,
    ended_at: row.ended_at,
  };
}

export function toInvoice(invoice: Stripe.Invoice): Invoice {
  const status = invoice.status;
  return {
    id: invoice.id ?? '',
    number: invoice.number,
    created_at: new Date(invoice.created * 1000).toISOString(),
    status:
      status !== null && (INVOICE_STATUSES as readonly string[]).includes(status)
        ? (status as InvoiceStatus)
        : null,
    amount_due: invoice.amount_due,
    amount_paid: invoice.amount_paid,
    currency: invoice.currency,
    hosted_invoice_url: invoice.hosted_invoice_url ?? null,
    invoice_pdf: invoice.invoice_pdf ?? null,
  };
}
