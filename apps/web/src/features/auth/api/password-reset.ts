import { http } from '../../../lib/http';
import { parseWire } from './parse-wire';

/** POST /api/v1/auth/password-reset: same answer for known and unknown emails. */
export async function requestPasswordReset(email: string): Promise<void> {
  await http.post('/auth/password-reset', { email });
}

/** POST /api/v1/auth/password-reset/validate. */
export async function validateResetToken(token: string): Promise<boolean> {
  const res = await http.post<unknown>('/auth/password-reset/validate', { token });
  return parseWire('PasswordResetValidateResponse', res.data).valid;
}

/** POST /api/v1/auth/password-reset/confirm. */
export async function confirmPasswordReset(input: {
  token: string;
  newPassword: string;
}): Promise<void> {
  await http.post('/auth/password-reset/confirm', input);
}
