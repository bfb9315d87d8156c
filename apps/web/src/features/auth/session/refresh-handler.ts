import { setRefreshHandler } from '../../../lib/http';
import { refreshTokens } from '../api/refresh-tokens';

/** Plugs POST /auth/refresh into the HTTP client's 401 handling; the app calls this once. */
export function installRefreshHandler(): void {
  setRefreshHandler(refreshTokens);
}
