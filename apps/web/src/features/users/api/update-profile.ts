import { http } from '../../../lib/http';
import { toAuthUser, useAuthStore, type AuthUser } from '../../auth';

export interface ProfileChanges {
  name?: string | null;
  avatarUrl?: string | null;
  preferences?: {
    theme?: 'light' | 'dark' | 'system';
    defaultProvider?: string | null;
    defaultModel?: string | null;
  };
}

/** PATCH /api/v1/users/me; the answer (the whole user) replaces the stored one. */
export async function updateProfile(changes: ProfileChanges): Promise<AuthUser> {
  const res = await http.patch<unknown>('/users/me', changes);
  const user = toAuthUser(res.data);
  useAuthStore.getState().setUser(user);
  return user;
}
