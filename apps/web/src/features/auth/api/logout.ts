import type { LogoutRequest } from '@parallax/contract';
import { http } from '../../../lib/http';

/**
 * POST /api/v1/auth/logout. The refresh token in the body lets the server end exactly this
 * session's token family; an expired access token is refreshed first like on any call.
 */
export async function logout(refreshToken: string | null): Promise<void> {
  const body: LogoutRequest = refreshToken ? { refresh_token: refreshToken } : {};
  await http.post('/auth/logout', body);
}
