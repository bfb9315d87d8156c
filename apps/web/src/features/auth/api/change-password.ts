import { http } from '../../../lib/http';

/** POST /api/v1/auth/change-password; the server ends every other session. */
export async function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
  await http.post('/auth/change-password', input);
}
