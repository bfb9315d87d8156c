import { sql, type Kysely } from 'kysely';
import type { AdminUserListQuery } from '@parallax/contract';
import type { Database } from '../../db/schema';

/** users.plan_id null means the free plan (migration 0150). */
const FREE_PLAN_ID = 'free';

export interface AdminUserRow {
  id: string;
  email: string;
  name: string | null;
  role: string;
  email_verified: number;
  disabled_at: string | null;
  plan_id: string;
  plan_name: string | null;
  created_at: string;
  last_active_at: string | null;
}

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The admin console's reads and writes on accounts (list, detail, role, disable, delete). */
export class AdminUsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Users matching the list filters (and `id`), joined to their plan. */
  #filtered(query: Partial<AdminUserListQuery> & { id?: string }) {
    return this.db
      .selectFrom('users')
      .leftJoin('plans', (join) =>
        join.on(sql<boolean>`plans.id = coalesce(users.plan_id, ${FREE_PLAN_ID})`),
      )
      .$if(query.id !== undefined, (qb) => qb.where('users.id', '=', query.id ?? ''))
      .$if(Boolean(query.q), (qb) =>
        qb.where(sql<boolean>`lower(users.email) like ${likePattern(query.q ?? '')} escape '\\'`),
      )
      .$if(query.role !== undefined, (qb) => qb.where('users.role', '=', query.role ?? ''))
      .$if(query.plan !== undefined, (qb) =>
        qb.where(sql<boolean>`coalesce(users.plan_id, ${FREE_PLAN_ID}) = ${query.plan ?? ''}`),
      )
      .$if(query.verified !== undefined, (qb) =>
        qb.where('users.email_verified', '=', query.verified ? 1 : 0),
      )
      .$if(query.disabled !== undefined, (qb) =>
        qb.where('users.disabled_at', query.disabled ? 'is not' : 'is', null),
      );
  }

  #rows(query: Partial<AdminUserListQuery> & { id?: string }) {
    return this.#filtered(query).select((eb) => [
      'users.id',
      'users.email',
      'users.name',
      'users.role',
      'users.email_verified',
      'users.disabled_at',
      eb.fn.coalesce('users.plan_id', sql<string>`${FREE_PLAN_ID}`).as('plan_id'),
      'plans.name as plan_name',
      'users.created_at',
      // Last activity here: the newest session start (the service adds the newest turn).
      eb
        .selectFrom('sessions')
        .select((s) => s.fn.max('sessions.created_at').as('m'))
        .whereRef('sessions.user_id', '=', 'users.id')
        .as('last_session_at'),
    ]);
  }

  async list(query: AdminUserListQuery): Promise<{ rows: AdminUserRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.#rows(query)
        .orderBy('users.created_at', 'desc')
        .orderBy('users.id')
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      this.#filtered(query)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(toRow), total: Number(count.n) };
  }

  async find(id: string): Promise<AdminUserRow | undefined> {
    const row = await this.#rows({ id }).executeTakeFirst();
    return row && toRow(row);
  }
}

function toRow(row: {
  id: string;
  email: string;
  name: string | null;
  role: string;
  email_verified: number;
  disabled_at: string | null;
  plan_id: string;
  plan_name: string | null;
  created_at: string;
  last_session_at: string | null;
}): AdminUserRow {
  const { last_session_at, ...rest } = row;
  return { ...rest, last_active_at: last_session_at };
}
