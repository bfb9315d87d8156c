import type { Kysely } from 'kysely';
import type { UserRole } from '@parallax/contract';
import type { Database } from '../../db/schema';

export interface LiveSession {
  userId: string;
  role: UserRole;
  lastActiveAt: string | null;
}

/** What a session's latest call looked like, for the sessions list in Settings. */
export interface SessionSighting {
  userAgent: string | null;
  ipAddress: string | null;
  at: string;
}

/**
 * The one lookup behind every authenticated request: the session must still be live (not
 * revoked by logout, a password change or reuse detection) and the user must still exist.
 * The role comes from here, not from the token, so a demotion counts at once; so does an
 * admin disabling the account.
 */
export class SessionStateRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findLiveSession(
    sessionId: string,
    userId: string,
    now: string,
  ): Promise<LiveSession | null> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['users.id as user_id', 'users.role as role', 'sessions.last_active_at'])
      .where('sessions.id', '=', sessionId)
      .where('sessions.user_id', '=', userId)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      // A disabled account has no live session, whatever its tokens say.
      .where('users.disabled_at', 'is', null)
      .executeTakeFirst();
    if (row === undefined) return null;
    return {
      userId: row.user_id,
      role: row.role === 'admin' ? 'admin' : 'user',
      lastActiveAt: row.last_active_at,
    };
  }

  async recordSighting(sessionId: string, seen: SessionSighting): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ user_agent: seen.userAgent, ip_address: seen.ipAddress, last_active_at: seen.at })
      .where('id', '=', sessionId)
      .execute();
  }
}
