import { isApiError } from '../../../lib/errors/api-error';

/** The server's own words for a refused vault call ("pin: Incorrect PIN…" without the field). */
export function vaultErrorText(error: unknown): string {
  if (isApiError(error)) {
    const text = error.detail ?? error.message;
    return text.replace(/^[a-z_]+: /, '');
  }
  return error instanceof Error ? error.message : 'Something went wrong. Try again.';
}

/** Seconds to wait, from a 429's Retry-After-like detail or the status's locked_until. */
export function secondsUntil(iso: string | null, now: number): number {
  if (iso === null) return 0;
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
}
