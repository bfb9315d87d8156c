import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AccountsRepository } from './accounts.repository';
import { SessionsRepository } from './sessions.repository';

const RECENT_SESSIONS = 20;

/**
 * What the admin console changes of an account: role, disabled state, deletion, and the
 * sessions it shows. The auth feature owns the users and sessions tables; the console asks.
 */
export class AccountAdminService {
  constructor(private readonly db: Kysely<Database>) {}

  setRole(userId: string, role: 'user' | 'admin', now: string): Promise<void> {
    return new AccountsRepository(this.db).update(userId, { role, updated_at: now });
  }

  /** Disabling ends every session (and with them every refresh token) in the same transaction. */
  async setDisabled(userId: string, disabled: boolean, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await new AccountsRepository(trx).setDisabled(userId, disabled ? now : null, now);
      if (disabled) await new SessionsRepository(trx).revokeUserSessions(userId, now);
    });
  }

  /** The account and everything it owns (foreign keys cascade, as for a user's own deletion). */
  delete(userId: string): Promise<void> {
    return new AccountsRepository(this.db).delete(userId);
  }

  find(userId: string) {
    return new AccountsRepository(this.db).findById(userId);
  }

  /** Every admin, by email. */
  admins(): Promise<{ id: string; name: string | null; email: string }[]> {
    return new AccountsRepository(this.db).admins();
  }

  recentSessions(userId: string) {
    return new SessionsRepository(this.db).recentOf(userId, RECENT_SESSIONS);
  }
}
