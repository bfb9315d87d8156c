import type { Provider } from '@parallax/contract';
import { classifyUpstreamError } from '../../providers/classify-upstream-error';
import type { HealthFailure } from './provider-health.repository';

/**
 * What a failed upstream call says about the provider: `unreachable` with why (the server
 * could not get an answer from it at all, or its key was refused), `reached` (it answered,
 * with an error about this request: a rate limit, a bad request, a missing model), or
 * `silent` (the caller gave up; nothing learned).
 */
export type CallVerdict =
  { kind: 'unreachable'; failure: HealthFailure } | { kind: 'reached' } | { kind: 'silent' };

const TRANSPORT_CODES: readonly (readonly [string, readonly string[], string])[] = [
  ['connection_refused', ['econnrefused', 'connection refused'], 'connection refused'],
  ['dns_failure', ['enotfound', 'eai_again', 'getaddrinfo'], 'host name not found (DNS)'],
  [
    'tls_failure',
    ['certificate', 'cert_', 'self-signed', 'self signed', 'ssl', 'tls', 'handshake'],
    'TLS handshake failed',
  ],
  ['timeout', ['etimedout', 'connect_timeout', 'timed out', 'timeout'], 'timed out'],
];

/** The verdict on an error thrown by a provider adapter (or by the outbound guard). */
export function verdictOf(error: unknown, provider: Provider): CallVerdict {
  const classified = classifyUpstreamError(error, provider, []);
  if (classified.refusal !== undefined)
    return {
      kind: 'unreachable',
      failure: { code: 'address_refused', reason: 'address refused by the outbound guard' },
    };
  const status = classified.upstreamStatus;
  switch (classified.kind) {
    case 'cancelled':
    case 'no_activity':
      return { kind: 'silent' };
    case 'auth':
      return {
        kind: 'unreachable',
        failure: {
          code: 'auth_rejected',
          reason: status ? `API key refused (HTTP ${status})` : 'API key refused',
        },
      };
    case 'timeout':
      return { kind: 'unreachable', failure: { code: 'timeout', reason: 'timed out' } };
    case 'service_unavailable':
      if (status !== undefined)
        return {
          kind: 'unreachable',
          failure: { code: 'server_error', reason: `server error (HTTP ${status})` },
        };
      return { kind: 'unreachable', failure: transportFailure(classified.upstreamMessage ?? '') };
    default:
      return { kind: 'reached' };
  }
}

function transportFailure(message: string): HealthFailure {
  const lower = message.toLowerCase();
  const match = TRANSPORT_CODES.find(([, needles]) => needles.some((n) => lower.includes(n)));
  return match
    ? { code: match[0], reason: match[2] }
    : { code: 'connection_failed', reason: 'connection failed' };
}
