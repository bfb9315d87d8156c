import type { VerifyCodeRequest } from '@parallax/contract';
import { http } from '../../../lib/http';
import type { SessionTokens } from '../store/auth-store';
import { toSessionTokens } from './tokens';

/** POST /api/v1/auth/verify-code: the mailed code signs the user in. */
export async function verifyCode(input: VerifyCodeRequest): Promise<SessionTokens> {
  const res = await http.post<unknown>('/auth/verify-code', input);
  return toSessionTokens(res.data);
}
