import { http } from '../../../lib/http';

/** POST /api/v1/auth/logout-all (no body): ends every session of the signed-in user, this one included. */
export async function logoutEverywhere(): Promise<void> {
  await http.post('/auth/logout-all');
}
