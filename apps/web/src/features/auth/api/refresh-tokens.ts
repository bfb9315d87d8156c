import type { RefreshRequest } from '@parallax/contract';
import { http, type RefreshedTokens } from '../../../lib/http';
import { toSessionTokens } from './tokens';

/**
 * POST /api/v1/auth/refresh, the HTTP client's refresh hook. `skipAuthRefresh` keeps a 401 here
 * from starting another refresh.
 */
export async function refreshTokens(refreshToken: string): Promise<RefreshedTokens> {
  const body: RefreshRequest = { refresh_token: refreshToken };
  const res = await http.post<unknown>('/auth/refresh', body, { skipAuthRefresh: true });
  return toSessionTokens(res.data);
}
