import { z } from 'zod';
import { Id, IsoTimestamp } from './common';

/*
 * Personal API keys (/api/v1/api-keys): created, listed, renamed and revoked by their owner.
 * A key's secret is shown once, in the create answer; afterwards only its prefix and last four
 * characters are known (the server keeps a hash).
 */

/** Every secret starts with this, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'plx_';
/** Random bytes behind the prefix (base64url: 43 characters). */
export const API_KEY_RANDOM_BYTES = 32;
/** `plx_` + 43 base64url characters. */
export const API_KEY_PATTERN = /^plx_[A-Za-z0-9_-]{43}$/;

export const API_KEY_EXPIRY_DAYS = [30, 90, 365] as const;
/** Days the usage chart of a key covers (today included). */
export const API_KEY_USAGE_DAYS = 30;
export const API_KEY_NAME_MAX = 100;
export const API_KEY_MAX_ALLOWED_MODELS = 50;
export const API_KEY_MAX_RPM = 10_000;
export const API_KEY_MAX_MONTHLY_TOKENS = 1_000_000_000_000;

export const ApiKeyName = z
  .string()
  .trim()
  .min(1, 'Give the key a name')
  .max(API_KEY_NAME_MAX, `At most ${API_KEY_NAME_MAX} characters`);

/** Days until the key stops working, or null for a key that never expires. */
export const ApiKeyExpiryDays = z.union([z.literal(30), z.literal(90), z.literal(365)]).nullable();
export type ApiKeyExpiryDays = z.infer<typeof ApiKeyExpiryDays>;

/** POST /api/v1/api-keys. Omitted limits mean "no limit of the key's own" (the plan's still apply). */
export const CreateApiKeyRequest = z.object({
  name: ApiKeyName,
  expires_in_days: ApiKeyExpiryDays.default(null),
  /** Registry ids (GET /api/v1/models); null: every model the account may use. */
  allowed_models: z.array(Id).min(1).max(API_KEY_MAX_ALLOWED_MODELS).nullable().default(null),
  monthly_token_budget: z.int().min(1).max(API_KEY_MAX_MONTHLY_TOKENS).nullable().default(null),
  requests_per_minute: z.int().min(1).max(API_KEY_MAX_RPM).nullable().default(null),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequest>;

/** PATCH /api/v1/api-keys/{id}. */
export const RenameApiKeyRequest = z.object({ name: ApiKeyName });
export type RenameApiKeyRequest = z.infer<typeof RenameApiKeyRequest>;

export const ApiKeyStatus = z.enum(['active', 'expired', 'revoked']);
export type ApiKeyStatus = z.infer<typeof ApiKeyStatus>;

/** One UTC day of a key's usage. */
export const ApiKeyUsageDay = z.object({
  day: z.iso.date(),
  requests: z.int().nonnegative(),
  tokens: z.int().nonnegative(),
});
export type ApiKeyUsageDay = z.infer<typeof ApiKeyUsageDay>;

export const ApiKey = z.object({
  id: Id,
  name: z.string(),
  /** `plx_` and the first characters of the secret, for telling keys apart. */
  prefix: z.string(),
  last_four: z.string(),
  status: ApiKeyStatus,
  created_at: IsoTimestamp,
  last_used_at: IsoTimestamp.nullable(),
  expires_at: IsoTimestamp.nullable(),
  revoked_at: IsoTimestamp.nullable(),
  allowed_models: z.array(Id).nullable(),
  monthly_token_budget: z.int().nullable(),
  requests_per_minute: z.int().nullable(),
  /** Since the 1st of this month, UTC. */
  requests_this_month: z.int().nonnegative(),
  tokens_this_month: z.int().nonnegative(),
  /** The last API_KEY_USAGE_DAYS days, oldest first, days without calls included as zeros. */
  daily_usage: z.array(ApiKeyUsageDay),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeysResponse = z.object({ keys: z.array(ApiKey) });
export type ApiKeysResponse = z.infer<typeof ApiKeysResponse>;

/** The create answer: the only time `secret` is ever sent. */
export const CreatedApiKey = z.object({ key: ApiKey, secret: z.string().regex(API_KEY_PATTERN) });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;
