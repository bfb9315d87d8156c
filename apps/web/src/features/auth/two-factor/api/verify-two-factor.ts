import type { TwoFactorVerifyRequest } from '@parallax/contract';
import { http } from '../../../../lib/http';
import type { SessionTokens } from '../../store/auth-store';
import { toSessionTokens } from '../../api/tokens';

/** POST /auth/2fa/verify: the second sign-in step; answers the tokens. */
export async function verifyTwoFactor(input: TwoFactorVerifyRequest): Promise<SessionTokens> {
  const res = await http.post<unknown>('/auth/2fa/verify', input);
  return toSessionTokens(res.data);
}
