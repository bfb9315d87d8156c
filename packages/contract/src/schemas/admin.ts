import { z } from 'zod';
import { HttpUrl, Id, IsoTimestamp, limitQuery, OffsetQuery, ProviderName } from './common';
import { ModelInfo } from './models';

/**
 * The admin console (/api/v1/admin/*): audit log, AI management (provider settings, models,
 * usage), users and the dashboard. Every route answers 403 with the spec's text to non-admins.
 * Usage and the dashboard are in admin-usage.ts, users in admin-users.ts.
 */

export const ADMIN_LIMITS = {
  apiKeyMaxChars: 512,
  apiKeyMinChars: 8,
  friendlyNameMaxChars: 80,
  providerModelMaxChars: 200,
  contextWindowMax: 100_000_000,
  priceMaxPerMillion: 100_000,
  vertexFieldMaxChars: 200,
  vertexCredentialsMaxChars: 16_384,
  usageMaxDays: 366,
} as const;

// ---------------------------------------------------------------------------------------------
// Audit log

/** A before/after snapshot: the changed object as JSON, secrets removed. */
export const AuditSnapshot = z.record(z.string(), z.unknown()).nullable();

export const AuditEntry = z.object({
  id: Id,
  actor_id: Id,
  actor_email: z.string(),
  /** What was done, e.g. `provider.update`, `model.create`, `user.disable`, `PATCH /admin/plans/:id`. */
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: AuditSnapshot,
  after: AuditSnapshot,
  request_id: z.string(),
  created_at: IsoTimestamp,
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditListQuery = z.object({
  /** Matches the actor's email (substring, case-insensitive). */
  actor: z.string().trim().max(254).optional(),
  /** Matches the start of the action (`model.` lists every model action). */
  action: z.string().trim().max(100).optional(),
  target_type: z.string().trim().max(50).optional(),
  target_id: z.string().trim().max(128).optional(),
  from: IsoTimestamp.optional(),
  to: IsoTimestamp.optional(),
  offset: OffsetQuery,
  limit: limitQuery(50),
});
export type AuditListQuery = z.infer<typeof AuditListQuery>;

export const AuditListResponse = z.object({ entries: z.array(AuditEntry), total: z.int() });
export type AuditListResponse = z.infer<typeof AuditListResponse>;

// ---------------------------------------------------------------------------------------------
// Providers

/**
 * Whether this server can reach a provider's upstream, as its real calls and its probe found:
 * `unknown` until either has said anything. An unreachable provider's models are hidden from
 * users (GET /models); admins keep seeing them with this reason.
 */
export const ProviderHealthState = z.enum(['unknown', 'reachable', 'unreachable']);
export type ProviderHealthState = z.infer<typeof ProviderHealthState>;

export const ProviderHealth = z.object({
  state: ProviderHealthState,
  /**
   * Why it is unreachable, for machines: connection_refused, dns_failure, tls_failure,
   * timeout, auth_rejected, server_error, connection_failed or address_refused; null otherwise.
   */
  code: z.string().nullable(),
  /** The same for people, e.g. "connection refused"; null when reachable. */
  reason: z.string().nullable(),
  /** When a real call or the probe last told us (null: never). */
  checked_at: IsoTimestamp.nullable(),
});
export type ProviderHealth = z.infer<typeof ProviderHealth>;

/** Where a provider's effective value comes from: set in the console, the env, or nowhere. */
export const SettingSource = z.enum(['admin', 'env', 'none']);
export type SettingSource = z.infer<typeof SettingSource>;

export const ProviderSettings = z.object({
  provider: ProviderName,
  enabled: z.boolean(),
  /** The key itself is never returned: only whether one is set, its last 4 characters and source. */
  api_key_set: z.boolean(),
  api_key_last4: z.string().nullable(),
  api_key_source: SettingSource,
  /** The base URL in effect (null: the provider's official endpoint). */
  base_url: z.string().nullable(),
  base_url_source: SettingSource,
  /** Vertex AI only (provider google); null elsewhere. */
  vertex_project: z.string().nullable(),
  vertex_location: z.string().nullable(),
  /**
   * Vertex AI's service-account key: never returned, only whether one is in effect, where it
   * comes from, and (set in the console) its client_email.
   */
  vertex_credentials_set: z.boolean(),
  vertex_credentials_source: SettingSource,
  vertex_credentials_email: z.string().nullable(),
  /** Whether the provider can answer now, and if not why (as the model picker shows it). */
  configured: z.boolean(),
  unavailable_reason: z.string().nullable(),
  health: ProviderHealth,
  updated_at: IsoTimestamp.nullable(),
});
export type ProviderSettings = z.infer<typeof ProviderSettings>;

export const ProviderSettingsListResponse = z.object({ providers: z.array(ProviderSettings) });
export type ProviderSettingsListResponse = z.infer<typeof ProviderSettingsListResponse>;

export const ProviderParams = z.object({ provider: ProviderName });
export type ProviderParams = z.infer<typeof ProviderParams>;

/** A pasted API key: no spaces, tabs or line breaks anywhere (a copy that caught them fails upstream). */
export const ProviderApiKey = z
  .string()
  .min(
    ADMIN_LIMITS.apiKeyMinChars,
    `api_key: must be at least ${ADMIN_LIMITS.apiKeyMinChars} characters`,
  )
  .max(
    ADMIN_LIMITS.apiKeyMaxChars,
    `api_key: must be at most ${ADMIN_LIMITS.apiKeyMaxChars} characters`,
  )
  .regex(
    /^[\x21-\x7e]+$/,
    'api_key: must not contain spaces, line breaks or other invisible characters',
  );

const VertexField = z
  .string()
  .trim()
  .min(1)
  .max(ADMIN_LIMITS.vertexFieldMaxChars)
  .regex(/^[A-Za-z0-9._-]+$/);

const PEM_PRIVATE_KEY =
  /-----BEGIN (?:RSA )?PRIVATE KEY-----[\s\S]+-----END (?:RSA )?PRIVATE KEY-----/;

/** Why a pasted service-account JSON key cannot be used, or undefined when it can. */
export function serviceAccountKeyProblem(text: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return "must be the service account's JSON key file";
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return "must be the service account's JSON key file";
  const key = json as Record<string, unknown>;
  if (key.type !== 'service_account') return 'must be a key with "type": "service_account"';
  if (typeof key.client_email !== 'string' || !key.client_email.includes('@'))
    return 'client_email is missing';
  if (typeof key.private_key !== 'string' || !PEM_PRIVATE_KEY.test(key.private_key))
    return 'private_key must be a PEM private key';
  return undefined;
}

/** A pasted Google service-account JSON key (Vertex AI). */
export const VertexCredentials = z
  .string()
  .max(
    ADMIN_LIMITS.vertexCredentialsMaxChars,
    `vertex_credentials: must be at most ${ADMIN_LIMITS.vertexCredentialsMaxChars} characters`,
  )
  .superRefine((text, ctx) => {
    const problem = serviceAccountKeyProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: `vertex_credentials: ${problem}` });
  });

/**
 * Every field optional: only those sent change. `api_key` sets or rotates the key,
 * `clear_api_key` removes the console's key (the env's, if any, applies again); a null
 * `base_url` or Vertex field falls back to the env.
 */
export const UpdateProviderSettingsRequest = z
  .object({
    enabled: z.boolean().optional(),
    api_key: ProviderApiKey.optional(),
    clear_api_key: z.literal(true).optional(),
    base_url: HttpUrl.nullable().optional(),
    vertex_project: VertexField.nullable().optional(),
    vertex_location: VertexField.nullable().optional(),
    /** A service-account JSON key sets or replaces the console's; null removes it. */
    vertex_credentials: VertexCredentials.nullable().optional(),
  })
  .strict()
  .refine((body) => !(body.api_key !== undefined && body.clear_api_key), {
    message: 'api_key: send either a new key or clear_api_key, not both',
    path: ['api_key'],
  });
export type UpdateProviderSettingsRequest = z.infer<typeof UpdateProviderSettingsRequest>;

export const ProviderTestResponse = z.object({
  ok: z.boolean(),
  /** Time to the first answer token (ok) or to the failure. */
  latency_ms: z.int().nonnegative(),
  /** The upstream classifier's class when not ok (auth, rate_limit, model_unavailable, …). */
  error_class: z.string().nullable(),
  detail: z.string().nullable(),
  /** The model the test called. */
  model: z.string().nullable(),
});
export type ProviderTestResponse = z.infer<typeof ProviderTestResponse>;

// ---------------------------------------------------------------------------------------------
// Models

/** `available` is false (with the reason) while its provider is unreachable; `health` says more. */
export const AdminModel = ModelInfo.extend({
  enabled: z.boolean(),
  health: ProviderHealth,
  is_default: z.boolean(),
  sort_order: z.int(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type AdminModel = z.infer<typeof AdminModel>;

export const AdminModelListResponse = z.object({ models: z.array(AdminModel) });
export type AdminModelListResponse = z.infer<typeof AdminModelListResponse>;

const ModelFields = z.object({
  provider: ProviderName,
  /** The provider's own model id, as its API expects it. */
  model: z
    .string()
    .trim()
    .min(1, 'model: required')
    .max(ADMIN_LIMITS.providerModelMaxChars)
    .regex(/^[A-Za-z0-9._:/@-]+$/, 'model: letters, digits and . _ : / @ - only'),
  friendly_name: z
    .string()
    .trim()
    .min(1, 'friendly_name: required')
    .max(ADMIN_LIMITS.friendlyNameMaxChars),
  context_window: z
    .int('context_window: must be a whole number')
    .min(1, 'context_window: must be at least 1')
    .max(ADMIN_LIMITS.contextWindowMax),
  input_price_per_million: z
    .number()
    .min(0, 'input_price_per_million: must not be negative')
    .max(ADMIN_LIMITS.priceMaxPerMillion),
  output_price_per_million: z
    .number()
    .min(0, 'output_price_per_million: must not be negative')
    .max(ADMIN_LIMITS.priceMaxPerMillion),
  supports_vision: z.boolean(),
  enabled: z.boolean(),
});

export const CreateModelRequest = ModelFields.extend({
  /** The stable id sends and preferences use. */
  id: z
    .string()
    .trim()
    .min(1, 'id: required')
    .max(100)
    .regex(/^[a-z0-9][a-z0-9._-]*$/, 'id: lower-case letters, digits and . _ - only'),
  supports_vision: z.boolean().default(false),
  enabled: z.boolean().default(true),
}).strict();
export type CreateModelRequest = z.infer<typeof CreateModelRequest>;

/** Only the fields sent change; `is_default: true` makes this the default (one at a time). */
export const UpdateModelRequest = ModelFields.partial()
  .extend({ is_default: z.literal(true).optional() })
  .strict();
export type UpdateModelRequest = z.infer<typeof UpdateModelRequest>;
