import type { ResendVerificationCodeRequest } from '@parallax/contract';
import { http } from '../../../lib/http';

/** POST /api/v1/auth/resend-verification-code (the server allows one per minute per address). */
export async function resendVerificationCode(email: string): Promise<void> {
  const body: ResendVerificationCodeRequest = { email };
  await http.post('/auth/resend-verification-code', body);
}
