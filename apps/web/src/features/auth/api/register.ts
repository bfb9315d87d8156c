import type { RegisterRequest } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** POST /api/v1/auth/register: always answers "verification required" with the email to verify. */
export async function register(input: RegisterRequest): Promise<{ email: string }> {
  const res = await http.post<unknown>('/auth/register', input);
  return { email: parseWire('RegisterResponse', res.data).email };
}
