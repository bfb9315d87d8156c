import { http } from '../../../lib/http';
import type { AuthUser } from '../store/auth-store';

function parseUser(data: unknown): AuthUser {
  if (data === null || typeof data !== 'object') throw new Error('Malformed user response');
  const d = data as Record<string, unknown>;
  if (typeof d.id !== 'string' && typeof d.id !== 'number')
    throw new Error('Malformed user response: id');
  if (typeof d.email !== 'string') throw new Error('Malformed user response: email');
  return {
    id: String(d.id),
    email: d.email,
    ...(typeof d.name === 'string' && { name: d.name }),
    ...(typeof d.role === 'string' && { role: d.role }),
    ...(typeof d.emailVerified === 'boolean' && { emailVerified: d.emailVerified }),
  };
}

/** GET /api/v1/users/me (spec §7). */
export async function getCurrentUser(): Promise<AuthUser> {
  const res = await http.get<unknown>('/users/me');
  return parseUser(res.data);
}
