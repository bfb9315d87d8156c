import { http } from '../../../lib/http';

/** DELETE /api/v1/users/me: removes the account and everything it owns (spec §7). */
export async function deleteAccount(): Promise<void> {
  await http.delete('/users/me');
}
