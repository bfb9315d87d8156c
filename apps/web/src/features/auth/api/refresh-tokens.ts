import type { RefreshRequest } from '@parallax/contract';
import { isApiError } from '../../../lib/errors/api-error';
import { http, type RefreshedTokens } from '../../../lib/http';
import { tokensRefreshedElsewhere } from '../session/session-end';
import { toSessionTokens } from './tokens';

/**
 * POST /api/v1/auth/refresh, the HTTP client's refresh hook. `skipAuthRefresh` keeps a 401 here
 * from starting another refresh. A 409 means another tab refreshed with the same token just
 * now: its new pair, from the shared storage, serves this tab too.
 */
export async function refreshTokens(refreshToken: string): Promise<RefreshedTokens> {
  const body: RefreshRequest = { refresh_token: refreshToken };
  try {
    const res = await http.post<unknown>('/auth/refresh', body, { skipAuthRefresh: true });
    return toSessionTokens(res.data);
  } catch (error) {
    const elsewhere =
      isApiError(error) && error.status === 409
        ? await tokensRefreshedElsewhere(refreshToken)
        : null;
    if (elsewhere) return elsewhere;
    throw error;
  }
}
