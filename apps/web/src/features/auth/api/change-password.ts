import type { ChangePasswordRequest } from '@parallax/contract';
import { http } from '../../../lib/http';

/** POST /api/v1/auth/change-password; the server ends every other session. */
export async function changePassword(input: ChangePasswordRequest): Promise<void> {
  await http.post('/auth/change-password', input);
}
