import type { IsoTimestamp } from './conventions';

// Plans, subscriptions, Stripe events and the daily usage plans limit.

/** A plan: limits and price. JSON columns are parsed by the plans repository. */
export interface PlansTable {
  id: string;
  name: string;
  description: string;
  price_minor: number;
  currency: string;
  interval: string;
  daily_message_limit: number | null;
  daily_limit_from_settings: number;
  allowed_providers: string | null;
  allowed_models: string | null;
  compare_panels: number;
  api_access: number;
  api_key_limit: number | null;
  features: string;
  is_free: number;
  display_order: number;
  archived_at: IsoTimestamp | null;
  stripe_product_id: string | null;
  stripe_price_id: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** Messages spent per subject (user or visitor id) per UTC day. */
export interface DailyUsageTable {
  subject: string;
  day: string;
  used: number;
}

/** A Stripe subscription as its webhooks last reported it (migration 0170). */
export interface SubscriptionsTable {
  id: string;
  user_id: string;
  customer_id: string;
  plan_id: string;
  price_id: string;
  status: string;
  current_period_start: IsoTimestamp | null;
  current_period_end: IsoTimestamp | null;
  cancel_at_period_end: number;
  canceled_at: IsoTimestamp | null;
  ended_at: IsoTimestamp | null;
  past_due_since: IsoTimestamp | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  latest_invoice_id: string | null;
  started_at: IsoTimestamp;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** A Stripe webhook event applied (its id once). */
export interface BillingEventsTable {
  id: string;
  type: string;
  subscription_id: string | null;
  received_at: IsoTimestamp;
}
