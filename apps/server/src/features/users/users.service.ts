import { UserPreferences, type UpdateProfileRequest, type User } from '@parallax/contract';
import { AppError } from '../../infra/errors';
import type { ProfileRow, UsersRepository } from './users.repository';

export const DEFAULT_PREFERENCES: UserPreferences = {
  theme: 'system',
  default_provider: null,
  default_model: null,
};

/** Stored preferences are read leniently: an unknown or stale key falls back to the default. */
function readPreferences(raw: string): UserPreferences {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return DEFAULT_PREFERENCES;
  }
  const result = UserPreferences.partial().safeParse(parsed);
  return result.success ? { ...DEFAULT_PREFERENCES, ...result.data } : DEFAULT_PREFERENCES;
}

export function toUser(row: ProfileRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    avatar_url: row.avatar_url,
    role: row.role === 'admin' ? 'admin' : 'user',
    email_verified: row.email_verified === 1,
    preferences: readPreferences(row.preferences),
    created_at: row.created_at,
  };
}

export class UsersService {
  constructor(private readonly repository: UsersRepository) {}

  async getMe(userId: string): Promise<User> {
    return toUser(await this.load(userId));
  }

  /** Profile fields only; the contract's strict schema already refused role, email and the like. */
  async updateMe(userId: string, patch: UpdateProfileRequest): Promise<User> {
    const row = await this.load(userId);
    const changes: Partial<Pick<ProfileRow, 'name' | 'avatar_url' | 'preferences'>> = {};
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.avatar_url !== undefined) changes.avatar_url = patch.avatar_url;
    if (patch.preferences !== undefined) {
      changes.preferences = JSON.stringify({
        ...readPreferences(row.preferences),
        ...patch.preferences,
      });
    }
    if (Object.keys(changes).length > 0)
      await this.repository.updateProfile(userId, changes, new Date().toISOString());
    return this.getMe(userId);
  }

  /** Deletes the account with everything it owns; its sessions go with it (they cascade). */
  async deleteMe(userId: string): Promise<void> {
    await this.repository.deleteUser(userId);
  }

  private async load(userId: string): Promise<ProfileRow> {
    const row = await this.repository.findById(userId);
    if (row === undefined)
      throw new AppError('unauthorized', 'Your session has expired. Please sign in again.');
    return row;
  }
}
