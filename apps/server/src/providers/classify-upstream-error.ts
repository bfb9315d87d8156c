import type { Provider } from '@parallax/contract';
import { OutboundRefused } from '../infra/outbound/outbound-refused';
import { ProviderError, type ProviderErrorKind } from './provider-error';
import { UpstreamReplyInvalid } from './streaming/wire';

const REDACTED = '[redacted]';
const MAX_UPSTREAM_MESSAGE_CHARS = 500;

/**
 * Patterns over the lower-cased upstream text (message, body, error code), checked in order.
 * They cover the error bodies of OpenAI, xAI, Anthropic, Gemini and Vertex; the status code
 * decides only where the text says nothing more specific (a Gemini rate limit says "exceeded
 * your current quota" while a real quota error says "quota exceeded for metric").
 */
const TEXT_RULES: readonly (readonly [ProviderErrorKind, readonly string[]])[] = [
  [
    'context_length',
    [
      'context_length',
      'context length',
      'prompt is too long',
      'maximum prompt length',
      'input token count',
      'too many tokens',
    ],
  ],
  ['quota', ['insufficient_quota', 'quota exceeded', 'credit balance', 'billing_hard_limit']],
  ['rate_limit', ['rate limit', 'rate_limit', 'resource_exhausted', 'resource exhausted']],
  [
    'auth',
    [
      'authentication_error',
      'invalid_api_key',
      'incorrect api key',
      'api key not valid',
      'invalid x-api-key',
      'unauthenticated',
      'permission_denied',
    ],
  ],
  [
    'model_unavailable',
    ['model_not_found', 'not_found_error', 'does not exist', 'is not found', 'was not found'],
  ],
];

function statusKind(status: number): ProviderErrorKind | undefined {
  if (status === 429) return 'rate_limit';
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'model_unavailable';
  if (status === 408 || status === 504) return 'timeout';
  if (status >= 500) return 'service_unavailable';
  if (status >= 400) return 'unknown';
  return undefined;
}

const TRANSPORT_PATTERNS = [
  'overloaded',
  'server_error',
  'server had an error',
  'internal',
  'unavailable',
  'terminated',
  'socket',
  'econnrefused',
  'econnreset',
  'fetch failed',
];

function describe(value: unknown, depth = 0): string {
  if (depth > 3 || value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Error) {
    const cause: unknown = (value as { cause?: unknown }).cause;
    return [value.message, describe(cause, depth + 1)].filter(Boolean).join(' | ');
  }
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Removes every configured secret from upstream text (proxies and some APIs echo keys). */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/**
 * The whole seconds an upstream's `retry-after` asks to wait (seconds or an HTTP date), for
 * callers of our own APIs to honour in turn; undefined when absent or unreadable.
 */
export function retryAfterOf(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  now: number = Date.now(),
): number | undefined {
  const raw = headers['retry-after'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value));
  // Only an IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"): Date.parse reads "-5" as a year.
  const at = /^[A-Za-z]{3}, /.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** An upstream answered with an HTTP error. `body` is the raw response text, secrets not yet removed. */
export class UpstreamHttpError extends Error {
  override readonly name = 'UpstreamHttpError';
  constructor(
    readonly status: number,
    readonly body: string,
    /** Seconds the upstream's retry-after asked for. */
    readonly retryAfterSeconds?: number | undefined,
  ) {
    super(`upstream answered HTTP ${status}`);
  }
}

/**
 * The one classification of every upstream failure: by the provider's own error text (body,
 * type, message) first, then the HTTP status, then transport symptoms.
 */
export function classifyUpstreamFailure(
  status: number | undefined,
  text: string,
  provider: Provider,
  secrets: readonly string[],
  retryAfterSeconds?: number,
): ProviderError {
  const lower = text.toLowerCase();
  const byText = TEXT_RULES.find(([, needles]) => needles.some((n) => lower.includes(n)))?.[0];
  const byStatus = status === undefined ? undefined : statusKind(status);
  const byTransport = TRANSPORT_PATTERNS.some((n) => lower.includes(n))
    ? 'service_unavailable'
    : undefined;
  // No status at all means the transport failed or the stream carried the error.
  const kind: ProviderErrorKind =
    byText ?? byStatus ?? byTransport ?? (status === undefined ? 'service_unavailable' : 'unknown');
  return new ProviderError(kind, {
    provider,
    upstreamStatus: status,
    upstreamMessage: redactSecrets(text, secrets).slice(0, MAX_UPSTREAM_MESSAGE_CHARS),
    retryAfterSeconds,
  });
}

export function classifyUpstreamError(
  error: unknown,
  provider: Provider,
  secrets: readonly string[],
): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof OutboundRefused)
    return new ProviderError('service_unavailable', {
      provider,
      upstreamMessage: error.message,
      refusal: `base_url: ${error.message}`,
    });
  if (error instanceof UpstreamHttpError)
    return classifyUpstreamFailure(
      error.status,
      `${error.message} | ${error.body}`,
      provider,
      secrets,
      error.retryAfterSeconds,
    );
  if (error instanceof UpstreamReplyInvalid)
    return new ProviderError('invalid_response', {
      provider,
      upstreamMessage: redactSecrets(error.message, secrets).slice(0, MAX_UPSTREAM_MESSAGE_CHARS),
    });
  return classifyUpstreamFailure(undefined, describe(error), provider, secrets);
}
