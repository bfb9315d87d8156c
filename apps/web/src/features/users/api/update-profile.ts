import type { UpdateProfileRequest, User } from '@parallax/contract';
import { http } from '../../../lib/http';
import { parseUser, useAuthStore } from '../../auth';

/** PATCH /api/v1/users/me; the answer (the whole user) replaces the stored one. */
export async function updateProfile(changes: UpdateProfileRequest): Promise<User> {
  const res = await http.patch<unknown>('/users/me', changes);
  const user = parseUser(res.data);
  useAuthStore.getState().setUser(user);
  return user;
}
