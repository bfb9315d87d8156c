import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** How many groups the admin view lists (the busiest recent ones). */
export const ERROR_GROUPS_LIMIT = 100;

export interface ErrorGroupRow {
  type: string;
  message: string;
  count: number;
  affected_users: number;
  first_seen: string;
  last_seen: string;
  latest_error_id: string;
}

/** Reads of stored browser error reports for admins, and the retention prune. */
export class ClientErrorsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Groups by type and message, the most recently seen first. */
  async groups(limit: number = ERROR_GROUPS_LIMIT): Promise<ErrorGroupRow[]> {
    const rows = await this.db
      .selectFrom('client_error_logs as g')
      .select((eb) => [
        'g.error_type as type',
        'g.message as message',
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.count<number | string>('g.user_id').distinct().as('affected_users'),
        eb.fn.min('g.created_at').as('first_seen'),
        eb.fn.max('g.created_at').as('last_seen'),
        eb
          .selectFrom('client_error_logs as l')
          .select('l.client_id')
          .whereRef('l.error_type', '=', 'g.error_type')
          .whereRef('l.message', '=', 'g.message')
          .orderBy('l.created_at', 'desc')
          .orderBy('l.id', 'desc')
          .limit(1)
          .as('latest_error_id'),
      ])
      .groupBy(['g.error_type', 'g.message'])
      .orderBy(sql`max(g.created_at)`, 'desc')
      // Reports of one batch share a time; ids count up in time (timeOrderedId).
      .orderBy(sql`max(g.id)`, 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      type: r.type,
      message: r.message,
      count: Number(r.count),
      affected_users: Number(r.affected_users),
      first_seen: r.first_seen,
      last_seen: r.last_seen,
      latest_error_id: r.latest_error_id ?? '',
    }));
  }

  /** The newest report carrying this Error ID (ids are the browser's, so not unique). */
  byErrorId(errorId: string) {
    return this.db
      .selectFrom('client_error_logs')
      .selectAll()
      .where('client_id', '=', errorId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Deletes error reports and usage events received before `before`; returns how many. */
  /** A user's latest reports, newest first (the support inbox shows them with a ticket). */
  recentOf(userId: string, limit: number) {
    return this.db
      .selectFrom('client_error_logs')
      .select(['client_id', 'error_type', 'message', 'occurred_at'])
      .where('user_id', '=', userId)
      .orderBy('occurred_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async pruneBefore(before: string): Promise<number> {
    const errors = await this.db
      .deleteFrom('client_error_logs')
      .where('created_at', '<', before)
      .executeTakeFirst();
    const events = await this.db
      .deleteFrom('telemetry_events')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(errors.numDeletedRows) + Number(events.numDeletedRows);
  }
}
