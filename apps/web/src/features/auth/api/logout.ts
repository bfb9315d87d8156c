import { http } from '../../../lib/http';

/**
 * POST /api/v1/auth/logout. The refresh token in the body lets the server end exactly this
 * session's token family; an expired access token is refreshed first like on any call.
 */
export async function logout(refreshToken: string | null): Promise<void> {
  await http.post('/auth/logout', refreshToken ? { refreshToken } : {});
}
