import { z } from 'zod';
import { PROVIDERS } from '../constants';

/*
 * Building blocks shared by every wire schema. Keys are snake_case on the wire; query
 * parameters keep the names the spec gives (excludeComparisons stays camelCase).
 *
 * NOTE: response schemas must stay encodable (no .transform()): the server serialises replies
 * with zod's encode via fastify-type-provider-zod, which refuses one-way transforms.
 */

/** Server-made identifiers (UUIDs, prefixed ids): opaque, non-empty, bounded. */
export const Id = z.string().min(1).max(128);
export type Id = z.infer<typeof Id>;

/** One of the spec's providers (openai, anthropic, gemini, google, grok). */
export const ProviderName = z.enum(PROVIDERS);
export type ProviderName = z.infer<typeof ProviderName>;

/** ISO 8601 timestamp as produced by `Date.prototype.toISOString()`; offsets are accepted. */
export const IsoTimestamp = z.iso.datetime({ offset: true });
export type IsoTimestamp = z.infer<typeof IsoTimestamp>;

/** Email as typed by a person: surrounding spaces are dropped before the format check. */
export const Email = z.string().trim().max(254).pipe(z.email());
export type Email = z.infer<typeof Email>;

/** Absolute http(s) URL; javascript:, data: and other schemes are refused. */
export const HttpUrl = z.url({ protocol: /^https?$/ }).max(2048);
export type HttpUrl = z.infer<typeof HttpUrl>;

/** Query-string boolean: "true"/"false" (also "1"/"0", and real booleans from JSON callers). */
export const QueryBoolean = z.union([
  z.boolean(),
  z.stringbool({ truthy: ['true', '1'], falsy: ['false', '0'] }),
]);
export type QueryBoolean = z.infer<typeof QueryBoolean>;

/** Largest page any list call hands out, whatever `limit` asks for. */
export const MAX_PAGE_LIMIT = 100;

/** Non-negative integer offset from the query string, default 0. */
export const OffsetQuery = z.coerce.number().int().min(0).default(0);

/** Page size from the query string: 1..max, with the call's own default. */
export function limitQuery(defaultLimit: number, max: number = MAX_PAGE_LIMIT) {
  return z.coerce.number().int().min(1).max(max).default(defaultLimit);
}

/** `?offset=&limit=` for list calls. */
export function paginationQuery(defaultLimit: number, max: number = MAX_PAGE_LIMIT) {
  return z.object({ offset: OffsetQuery, limit: limitQuery(defaultLimit, max) });
}

/** Path parameter `{id}`. */
export const IdParams = z.object({ id: Id });
export type IdParams = z.infer<typeof IdParams>;

/** Every error answer: `error` is a machine code (see API_ERROR_STATUS), `detail` is for people. */
export const ErrorBody = z.object({
  error: z.string().min(1),
  detail: z.string(),
  request_id: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Answer of calls that only acknowledge (logout, password reset request, account deletion...). */
export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

export const DatabaseDialect = z.enum(['sqlite', 'postgres']);
export type DatabaseDialect = z.infer<typeof DatabaseDialect>;

const DependencyState = z.object({
  status: z.enum(['ok', 'error']),
  latency_ms: z.number().nonnegative().nullable(),
});

/**
 * GET /api/v1/health: 200 when ready for traffic, 503 (status `degraded`) while the database or
 * Redis is down or the process drains before a restart. `latency_ms` is null when the
 * dependency did not answer; `redis` is there only when REDIS_URL is set.
 */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: DependencyState.extend({ dialect: DatabaseDialect }),
  redis: DependencyState.optional(),
  /** True from SIGTERM until the process exits: it finishes its answers and takes no sends. */
  draining: z.boolean(),
  version: z.string().min(1),
  uptime_seconds: z.number().nonnegative(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/**
 * The body of a call whose body may be left out (spec §7: "body … optional"). With no body at
 * all the server sees null, not undefined, so both mean "omitted".
 */
export function optionalBody<T extends z.ZodType>(schema: T) {
  return schema.nullish();
}
