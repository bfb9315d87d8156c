import {
  INTERCEPTOR_MESSAGES,
  NON_HTTP_POLICIES,
  interceptorMessageForStatus,
} from '@parallax/contract';
import { ApiError } from '../errors/api-error';
import type { TransportFailure } from './fetch-transport';

function stringField(body: unknown, key: string): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const value: unknown = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** An answer outside 2xx as an ApiError carrying the spec §8 interceptor message. */
export function errorFromResponse(
  response: { status: number; data: unknown },
  overrideMessage?: string,
): ApiError {
  const { data } = response;
  // The server's own words win (spec §8 "server text preferred").
  const detail = stringField(data, 'detail') ?? stringField(data, 'message');
  const code = stringField(data, 'error');
  const requestId = stringField(data, 'request_id');
  return new ApiError({
    kind: 'http',
    status: response.status,
    message: overrideMessage ?? detail ?? interceptorMessageForStatus(response.status),
    ...(code !== undefined && { code }),
    ...(detail !== undefined && { detail }),
    ...(requestId !== undefined && { requestId }),
    data,
    cause: response,
  });
}

/** A request that got no answer (timeout, cancel, network) as an ApiError. */
export function errorFromFailure(failure: TransportFailure): ApiError {
  if (failure.kind === 'cancelled')
    return new ApiError({ kind: 'cancelled', message: 'Request cancelled', cause: failure });
  if (failure.kind === 'timeout')
    return new ApiError({ kind: 'timeout', message: INTERCEPTOR_MESSAGES.timeout, cause: failure });
  const message = isOffline()
    ? INTERCEPTOR_MESSAGES.offline
    : NON_HTTP_POLICIES.network.userMessage;
  return new ApiError({ kind: 'network', message, cause: failure });
}
