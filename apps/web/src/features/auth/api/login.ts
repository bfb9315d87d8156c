import type { LoginRequest } from '@parallax/contract';
import { http } from '../../../lib/http';
import type { SessionTokens } from '../store/auth-store';
import { toSessionTokens } from './tokens';

/** POST /api/v1/auth/login. An unverified account fails with code `verification_required`. */
export async function login(input: LoginRequest): Promise<SessionTokens> {
  const res = await http.post<unknown>('/auth/login', input);
  return toSessionTokens(res.data);
}
