import { parseWire } from '../../../lib/http';
import { expiresAtFrom } from '../session/token-expiry';
import type { SessionTokens } from '../store/auth-store';

/** The spec §3 token response as the store keeps it, with the expiry on this browser's clock. */
export function toSessionTokens(data: unknown, now: number = Date.now()): SessionTokens {
  const wire = parseWire('TokenResponse', data);
  return {
    accessToken: wire.access_token,
    refreshToken: wire.refresh_token,
    expiresAt: expiresAtFrom(wire.access_token, wire.expires_in, now),
  };
}
