import type { TwoFactorDisableRequest } from '@parallax/contract';
import { http } from '../../../../lib/http';

/** POST /auth/2fa/disable: password (when the account has one) and a code. */
export async function disableTwoFactor(input: TwoFactorDisableRequest): Promise<void> {
  await http.post('/auth/2fa/disable', input);
}
