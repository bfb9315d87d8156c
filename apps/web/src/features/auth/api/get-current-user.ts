import { http } from '../../../lib/http';
import type { AuthUser } from '../store/auth-store';
import { parseWire } from './parse-wire';

/** A users/me body (GET or PATCH) as the store keeps it. */
export function toAuthUser(data: unknown): AuthUser {
  const wire = parseWire('User', data);
  return {
    id: wire.id,
    email: wire.email,
    name: wire.name,
    avatarUrl: wire.avatar_url,
    role: wire.role,
    emailVerified: wire.email_verified,
    preferences: {
      theme: wire.preferences.theme,
      defaultProvider: wire.preferences.default_provider,
      defaultModel: wire.preferences.default_model,
    },
    createdAt: wire.created_at,
  };
}

/** GET /api/v1/users/me (spec §7). */
export async function getCurrentUser(): Promise<AuthUser> {
  const res = await http.get<unknown>('/users/me');
  return toAuthUser(res.data);
}
