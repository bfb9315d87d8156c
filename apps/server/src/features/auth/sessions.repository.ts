import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, RefreshTokensTable, SessionsTable } from '../../db/schema';

export type SessionRow = Selectable<SessionsTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
/**
 * A bound on the sessions list; an account signs in far less often than this within a
 * session's 30 days, so in practice it is every live one.
 */
const LIVE_SESSIONS_LISTED = 100;

/** Sessions (refresh-token families) and their tokens, stored as SHA-256 hashes. */
export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertSession(session: SessionRow, firstTokenHash: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('sessions').values(session).execute();
      await trx
        .insertInto('refresh_tokens')
        .values({
          token_hash: firstTokenHash,
          session_id: session.id,
          created_at: session.created_at,
          used_at: null,
        })
        .execute();
    });
  }

  async findToken(
    tokenHash: string,
  ): Promise<{ token: RefreshTokenRow; session: SessionRow } | undefined> {
    const token = await this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (token === undefined) return undefined;
    const session = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', token.session_id)
      .executeTakeFirst();
    return session === undefined ? undefined : { token, session };
  }

  /**
   * Marks the token used and adds its successor, atomically: false when another request
   * rotated it first (then nothing is written).
   */
  async rotate(oldHash: string, newHash: string, sessionId: string, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', oldHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('refresh_tokens')
        .values({ token_hash: newHash, session_id: sessionId, created_at: now, used_at: null })
        .execute();
      return true;
    });
  }

  /** Revokes the session if it is still unrevoked: its user, or undefined when it was not. */
  async revokeSession(sessionId: string, now: string): Promise<{ userId: string } | undefined> {
    const row = await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    return row === undefined ? undefined : { userId: row.user_id };
  }

  /** The user's sessions that are neither revoked nor past their end, most recently used first. */
  liveOf(userId: string, now: string) {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_active_at', 'user_agent', 'ip_address'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy(sql`coalesce(last_active_at, created_at)`, 'desc')
      .orderBy('id')
      .limit(LIVE_SESSIONS_LISTED)
      .execute();
  }

  /** Revokes one live session if it is the user's own; false when there is none such. */
  async revokeOwn(userId: string, sessionId: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The user's latest sessions, newest first. */
  recentOf(userId: string, limit: number) {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'expires_at', 'revoked_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Revokes every unrevoked session of the user except `keepSessionId` (when given); the ids
   * it revoked.
   */
  async revokeUserSessions(userId: string, now: string, keepSessionId?: string): Promise<string[]> {
    let query = this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
    const rows = await query.returning('id').execute();
    return rows.map((row) => row.id);
  }
}
