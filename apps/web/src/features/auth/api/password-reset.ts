import type {
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  PasswordResetValidateRequest,
} from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** POST /api/v1/auth/password-reset: same answer for known and unknown emails. */
export async function requestPasswordReset(email: string): Promise<void> {
  const body: PasswordResetRequest = { email };
  await http.post('/auth/password-reset', body);
}

/** POST /api/v1/auth/password-reset/validate. */
export async function validateResetToken(token: string): Promise<boolean> {
  const body: PasswordResetValidateRequest = { token };
  const res = await http.post<unknown>('/auth/password-reset/validate', body);
  return parseWire('PasswordResetValidateResponse', res.data).valid;
}

/** POST /api/v1/auth/password-reset/confirm. */
export async function confirmPasswordReset(input: PasswordResetConfirmRequest): Promise<void> {
  await http.post('/auth/password-reset/confirm', input);
}
