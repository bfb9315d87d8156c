import { z } from 'zod';
import { HttpUrl, Id, IsoTimestamp, paginationQuery } from './common';
import { Plan } from './plans';

/**
 * Subscriptions and card checkout (/api/v1/billing/*, /api/v1/admin/subscriptions). The card
 * provider is Stripe; its ids (`sub_…`, `in_…`) are the subscription and invoice ids here. Access
 * follows the state Stripe's webhooks reported, never the browser's word. Without Stripe keys
 * every call that needs Stripe answers 404 `payments_not_configured`
 * (PAYMENTS_NOT_CONFIGURED_MESSAGE); plans and GET /billing/subscription still work.
 *
 * Signed-in users (401 otherwise; another user's subscription id is 404):
 *   POST /billing/checkout                          CheckoutRequest      → 201 CheckoutSession
 *   GET  /billing/subscriptions/{subscriptionId}/payment                 → CheckoutSession
 *   GET  /billing/subscription                                           → CurrentSubscriptionResponse
 *   POST /billing/subscription/change-preview       ChangePlanRequest    → ChangePlanPreview
 *   POST /billing/subscription/change               ChangePlanRequest    → Subscription
 *   POST /billing/subscription/cancel   (at period end)                  → Subscription
 *   POST /billing/subscription/resume   (undo the cancel)                → Subscription
 *   POST /billing/subscription/setup-intent                              → SetupIntentResponse
 *   GET  /billing/invoices                                               → InvoiceListResponse
 *   POST /billing/portal                                                 → BillingPortalResponse
 * Stripe: POST /billing/webhook (raw body, Stripe-Signature)             → WebhookAck
 * Admins: GET  /admin/subscriptions?status=&plan_id=&q=&offset=&limit=   → AdminSubscriptionListResponse
 *         GET  /admin/subscriptions/figures                              → SubscriptionFigures
 *         GET  /admin/subscriptions/{id}                                 → AdminSubscriptionDetail
 *         POST /admin/subscriptions/{id}/cancel  AdminCancelSubscriptionRequest → AdminSubscriptionDetail
 * A subscription call without one to act on (none granting access) is 404 'No active subscription'.
 */

export const PAYMENTS_NOT_CONFIGURED_MESSAGE = 'Payments are not configured on this server.';

/** Stripe's subscription statuses, as it writes them. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** Stripe's invoice statuses. */
export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
export const InvoiceStatus = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

/** The card a subscription charges (brand as Stripe writes it: visa, mastercard, amex…). */
export const CardOnFile = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.int(),
  exp_year: z.int(),
});
export type CardOnFile = z.infer<typeof CardOnFile>;

/**
 * A past-due subscription keeps its plan until `access_until` (the grace period,
 * BILLING_GRACE_DAYS, counted from the first failed renewal); /subscription/manage shows a banner.
 */
export const GraceInfo = z.object({
  past_due_since: IsoTimestamp,
  access_until: IsoTimestamp,
});
export type GraceInfo = z.infer<typeof GraceInfo>;

/** A subscription as its owner sees it. */
export const Subscription = z.object({
  /** Stripe's id (`sub_…`). */
  id: Id,
  plan: Plan,
  status: SubscriptionStatus,
  /** Whether it grants its plan now (active, trialing, or past_due within the grace period). */
  grants_access: z.boolean(),
  current_period_start: IsoTimestamp.nullable(),
  /** The renewal date (or the end date when cancel_at_period_end). */
  current_period_end: IsoTimestamp.nullable(),
  cancel_at_period_end: z.boolean(),
  canceled_at: IsoTimestamp.nullable(),
  ended_at: IsoTimestamp.nullable(),
  card: CardOnFile.nullable(),
  /** Set while past_due. */
  grace: GraceInfo.nullable(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type Subscription = z.infer<typeof Subscription>;

/**
 * GET /billing/subscription: the caller's plan now (from webhook-synced state; the free plan
 * without a subscription granting access) and their latest subscription (null when they never
 * started one). /subscription/success polls it until `subscription.grants_access`.
 */
export const CurrentSubscriptionResponse = z.object({
  plan: Plan,
  subscription: Subscription.nullable(),
  payments_configured: z.boolean(),
});
export type CurrentSubscriptionResponse = z.infer<typeof CurrentSubscriptionResponse>;

/** POST /billing/checkout: start (or resume) a subscription to a paid plan. */
export const CheckoutRequest = z.object({ plan_id: Id });
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

/**
 * The card form's inputs: mount Stripe's PaymentElement with `client_secret` and
 * `publishable_key`, then `stripe.confirmPayment({redirect: 'if_required', return_url:
 * <APP_URL>/subscription/success})`. Also the answer of GET /billing/subscriptions/{id}/payment.
 * `client_secret` is null when nothing is left to pay (`payable` false): an expired or cancelled
 * subscription (`status` incomplete_expired/canceled; offer to start again) or one already paid.
 */
export const CheckoutSession = z.object({
  subscription_id: Id,
  plan: Plan,
  status: SubscriptionStatus,
  payable: z.boolean(),
  client_secret: z.string().nullable(),
  publishable_key: z.string(),
  /** Minor units of `currency` due now. */
  amount_due: z.int().nonnegative(),
  currency: z.string(),
});
export type CheckoutSession = z.infer<typeof CheckoutSession>;

/** Path parameter of /billing/subscriptions/{subscriptionId}/payment. */
export const SubscriptionIdParams = z.object({ subscriptionId: Id });
export type SubscriptionIdParams = z.infer<typeof SubscriptionIdParams>;

/** POST /billing/subscription/change-preview and /billing/subscription/change. */
export const ChangePlanRequest = z.object({
  plan_id: Id,
  /**
   * Unix seconds the preview priced the proration at; passing it back to /change charges exactly
   * what the preview showed. Omitted: now.
   */
  proration_date: z.int().positive().optional(),
});
export type ChangePlanRequest = z.infer<typeof ChangePlanRequest>;

export const InvoiceLine = z.object({
  description: z.string(),
  /** Minor units; negative for a credit (unused time on the old plan). */
  amount: z.int(),
  proration: z.boolean(),
  period_start: IsoTimestamp.nullable(),
  period_end: IsoTimestamp.nullable(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

/** Stripe's invoices.createPreview for the change: what the next invoice will hold. */
export const ChangePlanPreview = z.object({
  plan: Plan,
  currency: z.string(),
  /** The proration lines alone (credit for the old plan, charge for the new). */
  proration_amount: z.int(),
  subtotal: z.int(),
  total: z.int(),
  amount_due: z.int(),
  /** When the previewed invoice is issued (the next renewal). */
  next_payment_at: IsoTimestamp.nullable(),
  proration_date: z.int().positive(),
  lines: z.array(InvoiceLine),
});
export type ChangePlanPreview = z.infer<typeof ChangePlanPreview>;

/** POST /billing/subscription/setup-intent: mount PaymentElement, then `stripe.confirmSetup`. */
export const SetupIntentResponse = z.object({
  client_secret: z.string(),
  publishable_key: z.string(),
});
export type SetupIntentResponse = z.infer<typeof SetupIntentResponse>;

export const Invoice = z.object({
  /** Stripe's id (`in_…`). */
  id: Id,
  number: z.string().nullable(),
  created_at: IsoTimestamp,
  status: InvoiceStatus.nullable(),
  /** Minor units: what the invoice asks for (total), and what was paid. */
  amount_due: z.int(),
  amount_paid: z.int(),
  currency: z.string(),
  hosted_invoice_url: z.string().nullable(),
  invoice_pdf: z.string().nullable(),
});
export type Invoice = z.infer<typeof Invoice>;

/** GET /billing/invoices: the caller's invoices, newest first (at most 100). */
export const InvoiceListResponse = z.object({ invoices: z.array(Invoice) });
export type InvoiceListResponse = z.infer<typeof InvoiceListResponse>;

/** POST /billing/portal: Stripe's billing portal for the caller; open `url`. */
export const BillingPortalResponse = z.object({ url: HttpUrl });
export type BillingPortalResponse = z.infer<typeof BillingPortalResponse>;

/** POST /billing/webhook answers this to Stripe (any 2xx will do; `duplicate` for a replay). */
export const WebhookAck = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookAck = z.infer<typeof WebhookAck>;

// --- admin (/admin/subscriptions): admins only, 403 with the spec's text for anyone else ---

export const ADMIN_SUBSCRIPTIONS_PAGE = 25;

/** GET /admin/subscriptions?status=&plan_id=&q=&offset=&limit= (q: part of the email). */
export const AdminSubscriptionListQuery = paginationQuery(ADMIN_SUBSCRIPTIONS_PAGE).extend({
  status: SubscriptionStatus.optional(),
  plan_id: Id.optional(),
  q: z.string().trim().max(254).optional(),
});
export type AdminSubscriptionListQuery = z.input<typeof AdminSubscriptionListQuery>;

export const AdminSubscriptionRow = z.object({
  id: Id,
  user_id: Id,
  email: z.string(),
  plan_id: Id,
  plan_name: z.string(),
  status: SubscriptionStatus,
  grants_access: z.boolean(),
  cancel_at_period_end: z.boolean(),
  current_period_end: IsoTimestamp.nullable(),
  /** The plan's price per interval, minor units. */
  price: z.int().nonnegative(),
  currency: z.string(),
  interval: z.enum(['month', 'year']),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type AdminSubscriptionRow = z.infer<typeof AdminSubscriptionRow>;

export const AdminSubscriptionListResponse = z.object({
  subscriptions: z.array(AdminSubscriptionRow),
  total: z.int().nonnegative(),
  offset: z.int().nonnegative(),
  limit: z.int().positive(),
});
export type AdminSubscriptionListResponse = z.infer<typeof AdminSubscriptionListResponse>;

/** A webhook event as received and applied (stored once per Stripe event id). */
export const BillingEvent = z.object({
  /** Stripe's id (`evt_…`). */
  id: Id,
  type: z.string(),
  received_at: IsoTimestamp,
});
export type BillingEvent = z.infer<typeof BillingEvent>;

/** GET /admin/subscriptions/{id}. */
export const AdminSubscriptionDetail = z.object({
  subscription: AdminSubscriptionRow.extend({
    customer_id: Id,
    card: CardOnFile.nullable(),
    grace: GraceInfo.nullable(),
    canceled_at: IsoTimestamp.nullable(),
    ended_at: IsoTimestamp.nullable(),
  }),
  invoices: z.array(Invoice),
  events: z.array(BillingEvent),
});
export type AdminSubscriptionDetail = z.infer<typeof AdminSubscriptionDetail>;

/** POST /admin/subscriptions/{id}/cancel: at once (default) or at the period's end. */
export const AdminCancelSubscriptionRequest = z.object({
  at_period_end: z.boolean().default(false),
});
export type AdminCancelSubscriptionRequest = z.input<typeof AdminCancelSubscriptionRequest>;

/** GET /admin/subscriptions/figures. Money per currency (plans may differ in currency). */
export const SubscriptionFigures = z.object({
  /** Monthly recurring revenue of subscriptions granting access (yearly prices / 12), minor units. */
  mrr: z.array(z.object({ currency: z.string(), amount: z.int().nonnegative() })),
  active_per_plan: z.array(
    z.object({ plan_id: Id, plan_name: z.string(), active: z.int().nonnegative() }),
  ),
  /** Ended in the last 30 days, and that over those active 30 days ago plus those started since. */
  churn_30d: z.object({
    canceled: z.int().nonnegative(),
    base: z.int().nonnegative(),
    /** 0..1; null when there was no base. */
    rate: z.number().min(0).max(1).nullable(),
  }),
});
export type SubscriptionFigures = z.infer<typeof SubscriptionFigures>;
