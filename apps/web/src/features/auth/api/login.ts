import { http } from '../../../lib/http';
import type { SessionTokens } from '../store/auth-store';
import { toSessionTokens } from './tokens';

export interface LoginInput {
  email: string;
  password: string;
}

/** POST /api/v1/auth/login. An unverified account fails with code `verification_required`. */
export async function login(input: LoginInput): Promise<SessionTokens> {
  const res = await http.post<unknown>('/auth/login', input);
  return toSessionTokens(res.data);
}
