import { parseWire } from '../../../lib/http';
import type { SessionTokens } from '../store/auth-store';

/** The spec §3 token response as the store keeps it. */
export function toSessionTokens(data: unknown): SessionTokens {
  const wire = parseWire('TokenResponse', data);
  return { accessToken: wire.access_token, refreshToken: wire.refresh_token };
}
