import type { VerifyCodeRequest } from '@parallax/contract';
import { postSignIn, type SignInResult } from '../two-factor/api/sign-in-result';

/** POST /api/v1/auth/verify-code: the mailed code signs the user in (or leads to the second step). */
export function verifyCode(input: VerifyCodeRequest): Promise<SignInResult> {
  return postSignIn('/auth/verify-code', input);
}
