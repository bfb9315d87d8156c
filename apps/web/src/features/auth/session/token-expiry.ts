import { SESSION } from '@parallax/contract';

interface JwtTimes {
  exp: number;
  iat: number | null;
}

/** The exp/iat claims (seconds) of a JWT, read without verifying it: only for timing. */
export function readJwtTimes(token: string): JwtTimes | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replaceAll('-', '+').replaceAll('_', '/'));
    const claims: unknown = JSON.parse(json);
    if (!claims || typeof claims !== 'object') return null;
    const { exp, iat } = claims as { exp?: unknown; iat?: unknown };
    if (typeof exp !== 'number') return null;
    return { exp, iat: typeof iat === 'number' ? iat : null };
  } catch {
    return null;
  }
}

/**
 * When a token received now runs out, on this browser's clock: `expires_in` counted from now,
 * so a browser whose clock is off still refreshes in time. The token's own lifetime (exp − iat)
 * caps it, because the Apple flow only assumes its expiry (spec §3: 3600 s).
 */
export function expiresAtFrom(accessToken: string, expiresInSeconds: number, now: number): number {
  const times = readJwtTimes(accessToken);
  const lifetime = times?.iat != null ? times.exp - times.iat : Number.POSITIVE_INFINITY;
  return now + Math.min(expiresInSeconds, lifetime) * 1000;
}

/**
 * When the proactive refresh is due (spec §9: the refresh buffer before expiry), or null when
 * the expiry is unknown. A session saved without its expiry falls back on the token's exp.
 */
export function refreshDueAt(accessToken: string | null, expiresAt: number | null): number | null {
  if (!accessToken) return null;
  const at = expiresAt ?? (readJwtTimes(accessToken)?.exp ?? Number.NaN) * 1000;
  return Number.isFinite(at) ? at - SESSION.tokenRefreshBufferMs : null;
}
