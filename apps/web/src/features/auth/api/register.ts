import { http } from '../../../lib/http';
import { parseWire } from './parse-wire';

export interface RegisterInput {
  email: string;
  password: string;
  name?: string;
}

/** POST /api/v1/auth/register: always answers "verification required" with the email to verify. */
export async function register(input: RegisterInput): Promise<{ email: string }> {
  const res = await http.post<unknown>('/auth/register', input);
  return { email: parseWire('RegisterResponse', res.data).email };
}
