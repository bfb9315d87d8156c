import { setRefreshHandler } from '../../../lib/http';
import { refreshShared } from './shared-refresh';

/**
 * Plugs POST /auth/refresh into the HTTP client's 401 handling, shared with the other tabs of
 * the browser; the app calls this once.
 */
export function installRefreshHandler(): void {
  setRefreshHandler((used) => refreshShared(used));
}
