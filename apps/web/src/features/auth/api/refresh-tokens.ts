import { http, type RefreshedTokens } from '../../../lib/http';
import { toSessionTokens } from './tokens';

/**
 * POST /api/v1/auth/refresh, the HTTP client's refresh hook. `skipAuthRefresh` keeps a 401 here
 * from starting another refresh.
 */
export async function refreshTokens(refreshToken: string): Promise<RefreshedTokens> {
  const res = await http.post<unknown>(
    '/auth/refresh',
    { refreshToken },
    { skipAuthRefresh: true },
  );
  return toSessionTokens(res.data);
}
