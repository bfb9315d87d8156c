import { z } from 'zod';
import { COMPARE_MAX_PANELS, COMPARE_MIN_PANELS } from '../constants';
import { Id, IsoTimestamp, ProviderName } from './common';

/**
 * Plans (/api/v1/plans, /api/v1/admin/plans) and the public billing config
 * (/api/v1/billing/config). A plan's limits apply to its users everywhere: daily messages,
 * models and providers, compare panels, API keys. The free plan (`is_free`) always exists.
 */

export const PLAN_LIMITS = {
  nameMaxChars: 60,
  descriptionMaxChars: 500,
  featureMaxChars: 120,
  featuresMax: 20,
  /** 1,000,000.00 in minor units: far above any plan, far below the card provider's cap. */
  priceMaxMinor: 100_000_000,
  dailyMessagesMax: 1_000_000,
  apiKeysMax: 1_000,
  modelsMax: 200,
} as const;

export const PLAN_INTERVALS = ['month', 'year'] as const;
export const PlanInterval = z.enum(PLAN_INTERVALS);
export type PlanInterval = z.infer<typeof PlanInterval>;

export const Plan = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  /** Minor units (cents) of `currency`, per `interval`. */
  price: z.int().nonnegative(),
  /** ISO 4217, lower-case as the card provider writes it. */
  currency: z.string(),
  interval: PlanInterval,
  /** Null: unlimited. */
  daily_message_limit: z.int().nonnegative().nullable(),
  /** Null: every provider. */
  allowed_providers: z.array(ProviderName).nullable(),
  /** Null: every model (of the allowed providers). */
  allowed_models: z.array(z.string()).nullable(),
  compare_panels: z.int().min(COMPARE_MIN_PANELS).max(COMPARE_MAX_PANELS),
  api_access: z.boolean(),
  /** Live API keys a user may hold; null: no cap. */
  api_key_limit: z.int().nonnegative().nullable(),
  features: z.array(z.string()),
  is_free: z.boolean(),
  archived: z.boolean(),
  display_order: z.int(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type Plan = z.infer<typeof Plan>;

/** GET /plans: the active plans in display order, and the caller's plan (null for visitors). */
export const PlanListResponse = z.object({
  plans: z.array(Plan),
  current_plan_id: Id.nullable(),
});
export type PlanListResponse = z.infer<typeof PlanListResponse>;

/** GET /admin/plans: every plan, archived ones too, in display order. */
export const AdminPlanListResponse = z.object({ plans: z.array(Plan) });
export type AdminPlanListResponse = z.infer<typeof AdminPlanListResponse>;

const Name = z
  .string()
  .trim()
  .min(1, 'a plan needs a name.')
  .max(PLAN_LIMITS.nameMaxChars, `at most ${PLAN_LIMITS.nameMaxChars} characters.`);
const Description = z
  .string()
  .trim()
  .max(PLAN_LIMITS.descriptionMaxChars, `at most ${PLAN_LIMITS.descriptionMaxChars} characters.`);
const Price = z
  .int('a whole number of cents.')
  .min(0, 'cannot be negative.')
  .max(PLAN_LIMITS.priceMaxMinor, `at most ${PLAN_LIMITS.priceMaxMinor} cents.`);
const Currency = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{3}$/, 'a three-letter ISO code such as usd.');
const DailyMessageLimit = z
  .int('a whole number.')
  .min(0, 'cannot be negative.')
  .max(PLAN_LIMITS.dailyMessagesMax, `at most ${PLAN_LIMITS.dailyMessagesMax}.`)
  .nullable();
const ComparePanels = z
  .int('a whole number.')
  .min(COMPARE_MIN_PANELS, `between ${COMPARE_MIN_PANELS} and ${COMPARE_MAX_PANELS}.`)
  .max(COMPARE_MAX_PANELS, `between ${COMPARE_MIN_PANELS} and ${COMPARE_MAX_PANELS}.`);
const ApiKeyLimit = z
  .int('a whole number.')
  .min(0, 'cannot be negative.')
  .max(PLAN_LIMITS.apiKeysMax, `at most ${PLAN_LIMITS.apiKeysMax}.`)
  .nullable();
const AllowedProviders = z
  .array(ProviderName)
  .min(1, 'name at least one, or null for all.')
  .nullable();
const AllowedModels = z
  .array(z.string().trim().min(1).max(200))
  .min(1, 'name at least one, or null for all.')
  .max(PLAN_LIMITS.modelsMax)
  .nullable();
const Features = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'a line cannot be empty.')
      .max(
        PLAN_LIMITS.featureMaxChars,
        `at most ${PLAN_LIMITS.featureMaxChars} characters a line.`,
      ),
  )
  .max(PLAN_LIMITS.featuresMax, `at most ${PLAN_LIMITS.featuresMax} lines.`);

/** POST /admin/plans. */
export const CreatePlanRequest = z.object({
  name: Name,
  description: Description.default(''),
  price: Price,
  currency: Currency.default('usd'),
  interval: PlanInterval.default('month'),
  daily_message_limit: DailyMessageLimit,
  allowed_providers: AllowedProviders.default(null),
  allowed_models: AllowedModels.default(null),
  compare_panels: ComparePanels.default(COMPARE_MAX_PANELS),
  api_access: z.boolean().default(true),
  api_key_limit: ApiKeyLimit.default(null),
  features: Features.default([]),
});
export type CreatePlanRequest = z.input<typeof CreatePlanRequest>;

/**
 * What POST /admin/plans/examples creates on an install without paid plans, so /pricing has
 * something to offer at once (an admin edits or archives them like any plan).
 */
export const EXAMPLE_PLANS: readonly CreatePlanRequest[] = [
  {
    name: 'Plus',
    description: 'For everyday use.',
    price: 900,
    interval: 'month',
    daily_message_limit: 300,
    compare_panels: 3,
    api_access: true,
    api_key_limit: 3,
    features: ['300 messages a day', 'Compare 3 models side by side', 'API access (3 keys)'],
  },
  {
    name: 'Pro',
    description: 'For heavy use and teams of tools.',
    price: 2900,
    interval: 'month',
    daily_message_limit: null,
    compare_panels: COMPARE_MAX_PANELS,
    api_access: true,
    api_key_limit: null,
    features: [
      'Unlimited messages',
      `Compare ${COMPARE_MAX_PANELS} models side by side`,
      'API access (no key limit)',
    ],
  },
];

/** PATCH /admin/plans/{id}: any subset; archived moves it off /pricing (its users keep it). */
export const UpdatePlanRequest = z
  .object({
    name: Name,
    description: Description,
    price: Price,
    currency: Currency,
    interval: PlanInterval,
    daily_message_limit: DailyMessageLimit,
    allowed_providers: AllowedProviders,
    allowed_models: AllowedModels,
    compare_panels: ComparePanels,
    api_access: z.boolean(),
    api_key_limit: ApiKeyLimit,
    features: Features,
    archived: z.boolean(),
  })
  .partial();
export type UpdatePlanRequest = z.input<typeof UpdatePlanRequest>;

/** PUT /admin/plans/order: every plan id, in the new display order. */
export const ReorderPlansRequest = z.object({
  plan_ids: z.array(Id).min(1, 'list every plan.').max(500),
});
export type ReorderPlansRequest = z.infer<typeof ReorderPlansRequest>;

/**
 * GET /billing/config: whether card payments work on this server. The publishable key is
 * public by design (it goes to the browser); the secret key never leaves the server.
 */
export const BillingConfigResponse = z.object({
  payments_configured: z.boolean(),
  publishable_key: z.string().nullable(),
});
export type BillingConfigResponse = z.infer<typeof BillingConfigResponse>;
