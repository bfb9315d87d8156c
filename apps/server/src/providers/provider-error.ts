import { MESSAGES, STATUS_POLICIES, WS_ERROR_MAPPING, type Provider } from '@parallax/contract';

/**
 * Spec §8 classes an upstream failure falls into. The first five are the websocket error
 * mapping's own kinds; the rest are the server-side situations the mapping has no row for.
 */
export type ProviderErrorKind =
  | 'rate_limit'
  | 'quota'
  | 'model_unavailable'
  | 'context_length'
  | 'timeout'
  /** Nothing arrived before the first token within HTTP.noActivityAbortMs. */
  | 'no_activity'
  /** The provider refused our credentials: an operator problem, not the user's. */
  | 'auth'
  /** 5xx, overloaded, connection dropped, stream ended without a finish. */
  | 'service_unavailable'
  /** The upstream answered, but not in its wire format's shape (spec §5's validation text). */
  | 'invalid_response'
  /** The caller's AbortSignal fired. */
  | 'cancelled'
  | 'unknown';

type MappedKind = (typeof WS_ERROR_MAPPING)[number]['kind'];

function mapping(kind: MappedKind): (typeof WS_ERROR_MAPPING)[number] {
  const row = WS_ERROR_MAPPING.find((m) => m.kind === kind);
  if (!row) throw new Error(`WS_ERROR_MAPPING has no ${kind} row`);
  return row;
}

const SERVICE_UNAVAILABLE = STATUS_POLICIES[503];

/** What the user is told, and whether trying again can help. Texts come from the contract only. */
export function describeKind(
  kind: ProviderErrorKind,
  provider: Provider,
): { userMessage: string; retryable: boolean } {
  switch (kind) {
    case 'rate_limit':
    case 'quota':
    case 'model_unavailable':
    case 'context_length':
    case 'timeout': {
      const row = mapping(kind);
      return { userMessage: row.message, retryable: row.retryable };
    }
    case 'no_activity':
      return { userMessage: MESSAGES.noActivityTimeout, retryable: true };
    case 'auth':
      // Our key was refused: the user cannot fix it, another model may work.
      return { userMessage: mapping('model_unavailable').message, retryable: false };
    case 'service_unavailable':
      return {
        userMessage: SERVICE_UNAVAILABLE?.userMessage ?? MESSAGES.streamErrorService,
        retryable: true,
      };
    case 'invalid_response':
      // A malformed reply is usually an upstream glitch (a proxy, a half-deployed API change).
      return { userMessage: MESSAGES.responseValidationFailed(provider), retryable: true };
    case 'cancelled':
      return { userMessage: MESSAGES.cancelledEmpty, retryable: false };
    case 'unknown':
      return { userMessage: MESSAGES.streamErrorService, retryable: true };
  }
}

export interface ProviderErrorDetails {
  provider: Provider;
  /** HTTP status of the upstream answer, when there was one. */
  upstreamStatus?: number | undefined;
  /** The upstream's own text, secrets already removed; for logs only, never for users. */
  upstreamMessage?: string | undefined;
  /** Seconds the upstream's retry-after asked for (a rate limit), when it sent one. */
  retryAfterSeconds?: number | undefined;
  /**
   * Our outbound guard refused the address (ALLOW_PRIVATE_PROVIDER_URLS off): the setting and
   * the address, for the admin's connection test; never shown to users.
   */
  refusal?: string | undefined;
}

/**
 * An upstream failure, classified. `message` is the user text (safe to send to clients);
 * `upstreamMessage` is for logs. It never keeps the transport error as `cause`: those can carry
 * request options and response headers that may echo credentials.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly retryable: boolean;
  readonly provider: Provider;
  readonly upstreamStatus: number | undefined;
  readonly upstreamMessage: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly refusal: string | undefined;

  constructor(
    readonly kind: ProviderErrorKind,
    details: ProviderErrorDetails,
  ) {
    const { userMessage, retryable } = describeKind(kind, details.provider);
    super(userMessage);
    this.retryable = retryable;
    this.provider = details.provider;
    this.upstreamStatus = details.upstreamStatus;
    this.upstreamMessage = details.upstreamMessage;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.refusal = details.refusal;
  }

  /** The code a websocket `error` event carries; the client's mapping recognises it. */
  get code(): string {
    return this.kind;
  }
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}
