import type { LoginRequest } from '@parallax/contract';
import { postSignIn, type SignInResult } from '../two-factor/api/sign-in-result';

/**
 * POST /api/v1/auth/login: tokens, or the two-factor step first. An unverified account fails
 * with code `verification_required`.
 */
export function login(input: LoginRequest): Promise<SignInResult> {
  return postSignIn('/auth/login', input);
}
