import { isApiError } from '../../lib/errors/api-error';

/**
 * What an auth form shows for a failure: the server's own words when it gave some, the client's
 * network/timeout text when it never answered, else the spec's fallback for that flow
 * (AUTH_FALLBACK_MESSAGES).
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.kind === 'http') return error.detail ?? fallback;
  if (error.kind === 'cancelled') return fallback;
  return error.message;
}
