import { z } from 'zod';
import { ProviderName } from './common';
import { FeedbackRow } from './feedback';

// ---------------------------------------------------------------------------------------------
// Usage

const Day = z.iso.date();

export const UsageQuery = z.object({
  from: Day.optional(),
  to: Day.optional(),
  provider: ProviderName.optional(),
  model: z.string().max(100).optional(),
});
export type UsageQuery = z.infer<typeof UsageQuery>;

export const UsageRow = z.object({
  day: Day,
  provider: z.string(),
  model: z.string(),
  /** Answers in the web chat (and compare). */
  messages: z.int().nonnegative(),
  /**
   * Calls through the OpenAI-compatible API (/v1/chat/completions). Tokens, cost and errors
   * below count them with the chat's; time to first token is the chat's only.
   */
  api_calls: z.int().nonnegative(),
  input_tokens: z.int().nonnegative(),
  output_tokens: z.int().nonnegative(),
  /** US dollars from the model's current prices. */
  estimated_cost_usd: z.number().nonnegative(),
  /** Failed answers by error code. */
  errors: z.record(z.string(), z.int().nonnegative()),
  ttft_p50_ms: z.int().nullable(),
  ttft_p95_ms: z.int().nullable(),
});
export type UsageRow = z.infer<typeof UsageRow>;

export const UsageResponse = z.object({
  from: Day,
  to: Day,
  rows: z.array(UsageRow),
  /** Thumbs per model on the chat's answers of the same period and filter. */
  feedback: z.array(FeedbackRow).default([]),
});
export type UsageResponse = z.infer<typeof UsageResponse>;

// ---------------------------------------------------------------------------------------------
// Dashboard

export const DashboardDay = z.object({
  day: Day,
  messages: z.int().nonnegative(),
  new_users: z.int().nonnegative(),
  upstream_errors: z.int().nonnegative(),
  client_errors: z.int().nonnegative(),
});

export const AdminDashboard = z.object({
  users_total: z.int().nonnegative(),
  users_new_7d: z.int().nonnegative(),
  messages_today: z.int().nonnegative(),
  live_streams: z.int().nonnegative(),
  upstream_errors_24h: z.int().nonnegative(),
  client_errors_24h: z.int().nonnegative(),
  /**
   * Revenue now: monthly recurring revenue of the subscriptions granting access, from their
   * plan's price (yearly prices / 12), per currency in minor units; not a sum of paid invoices.
   */
  mrr: z.array(z.object({ currency: z.string(), amount: z.int().nonnegative() })),
  /** Subscriptions granting access now (paying or in their grace period). */
  paying_subscriptions: z.int().nonnegative(),
  /** The last 30 days, oldest first, today last. */
  series: z.array(DashboardDay),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;
