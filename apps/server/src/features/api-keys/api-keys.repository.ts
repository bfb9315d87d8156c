import type { ExpressionBuilder, Insertable, Kysely, Selectable } from 'kysely';
import { ReusedQuery } from '../../db/reused-query';
import { SqliteTurnGroup } from '../../db/sqlite-turn-group';
import type { ApiCallsTable, ApiKeysTable, Database } from '../../db/schema';

export type ApiKeyRow = Selectable<ApiKeysTable>;
/** A key with its owner's plan id (null: the free plan), as every public API call reads it. */
export type ApiKeyWithPlan = ApiKeyRow & {
  owner_plan_id: string | null;
  /** owner_plan_id counts until then (a past-due subscription's grace); null: no end. */
  owner_plan_until: string | null;
};
export type ApiCallRow = Insertable<ApiCallsTable>;

/** 11 columns each: 1,100 parameters, far under SQLite's (32,766) and PostgreSQL's (65,535) caps. */
const CALL_INSERT_ROWS = 100;

export interface KeyUsageRow {
  key_id: string;
  day: string;
  requests: number;
  tokens: number;
}

/** One column of the key's owner, as a scalar subquery. */
function ownerColumn(
  eb: ExpressionBuilder<Database, 'api_keys'>,
  column: 'plan_id' | 'plan_until' | 'disabled_at',
) {
  return eb.selectFrom('users').select(column).whereRef('users.id', '=', 'api_keys.user_id');
}

export class ApiKeysRepository {
  /**
   * The owner's columns come from correlated subqueries, not a join: SQLite (3.54) takes about
   * 5 µs for this form and 30–45 µs for the same lookup written as a join, on every call
   * (BENCHMARKS.md, OpenAI-compatible API). The foreign key guarantees the owner's row.
   */
  readonly #byHash = new SqliteTurnGroup(
    new ReusedQuery({ secretHash: '\u0000hash' }, ({ secretHash }) =>
      this.db
        .selectFrom('api_keys')
        .selectAll('api_keys')
        .select((eb) => [
          ownerColumn(eb, 'plan_id').as('owner_plan_id'),
          ownerColumn(eb, 'plan_until').as('owner_plan_until'),
        ])
        .where('api_keys.secret_hash', '=', secretHash)
        // A disabled account's keys stop working with its sessions.
        .where((eb) => eb(ownerColumn(eb, 'disabled_at'), 'is', null)),
    ),
    { write: false },
  );

  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<ApiKeysTable>): Promise<void> {
    await this.db.insertInto('api_keys').values(row).execute();
  }

  /** The owner's keys, newest first. */
  listOwned(userId: string): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  findOwned(id: string, userId: string): Promise<ApiKeyRow | undefined> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * The key a secret belongs to, whatever its state (the caller checks revoked and expired).
   * Read on every public API call, so compiled once, and on SQLite the lookups of one
   * event-loop turn share a read transaction: still read from the database on every call, so
   * a revoke committed by any process is seen by the next turn.
   */
  async findByHash(secretHash: string): Promise<ApiKeyWithPlan | undefined> {
    const result = await this.#byHash.execute(this.db, { secretHash });
    return result.rows[0];
  }

  async rename(id: string, userId: string, name: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ name })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Sets revoked_at once; a second revoke keeps the first time. */
  async revoke(id: string, userId: string, at: string): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Per-day requests and tokens of the given keys from `fromDay` on. */
  async usageSince(keyIds: readonly string[], fromDay: string): Promise<KeyUsageRow[]> {
    if (keyIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('api_key_usage')
      .select(['key_id', 'day', 'requests', 'input_tokens', 'output_tokens'])
      .where('key_id', 'in', keyIds)
      .where('day', '>=', fromDay)
      .execute();
    return rows.map((r) => ({
      key_id: r.key_id,
      day: r.day,
      requests: Number(r.requests),
      tokens: Number(r.input_tokens) + Number(r.output_tokens),
    }));
  }

  /** Tokens (in + out) the key spent from `fromDay` on. */
  async tokensSince(keyId: string, fromDay: string): Promise<number> {
    const row = await this.db
      .selectFrom('api_key_usage')
      .select((eb) => [
        eb.fn.sum<number | string | null>('input_tokens').as('input'),
        eb.fn.sum<number | string | null>('output_tokens').as('output'),
      ])
      .where('key_id', '=', keyId)
      .where('day', '>=', fromDay)
      .executeTakeFirst();
    return Number(row?.input ?? 0) + Number(row?.output ?? 0);
  }

  /**
   * Takes one request of the key's per-minute allowance. One statement, so processes sharing
   * the database cannot overspend it: a new minute restarts the count, and the WHERE refuses
   * the request once `limit` were taken in the current minute. Returns the count taken in the
   * minute so far, or undefined when the request is refused.
   */
  async takeRateSlot(keyId: string, minute: string, limit: number): Promise<number | undefined> {
    const row = await this.db
      .updateTable('api_keys')
      .set((eb) => ({
        rate_count: eb
          .case()
          .when('rate_window', '=', minute)
          .then(eb(eb.ref('rate_count'), '+', 1))
          .else(1)
          .end(),
        rate_window: minute,
      }))
      .where('id', '=', keyId)
      .where((eb) =>
        eb.or([
          eb('rate_window', 'is', null),
          eb('rate_window', '<>', minute),
          eb('rate_count', '<', limit),
        ]),
      )
      .returning('rate_count')
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.rate_count);
  }

  /**
   * Calls, their keys' day counters and last use, in one transaction. The counters are summed
   * per key and day first (PostgreSQL refuses an upsert touching one row twice), and touched in
   * key order, so two processes writing batches lock rows in the same order. last_used_at only
   * moves forward, whichever process writes last.
   */
  async recordCalls(
    calls: readonly { call: ApiCallRow & { created_at: string }; day: string }[],
  ): Promise<void> {
    if (calls.length === 0) return;
    const counters = new Map<
      string,
      { key_id: string; day: string; requests: number; input_tokens: number; output_tokens: number }
    >();
    const lastUsed = new Map<string, string>();
    for (const { call, day } of calls) {
      const id = `${call.key_id}\u0000${day}`;
      const counter = counters.get(id) ?? {
        key_id: call.key_id,
        day,
        requests: 0,
        input_tokens: 0,
        output_tokens: 0,
      };
      counter.requests += 1;
      counter.input_tokens += Number(call.input_tokens);
      counter.output_tokens += Number(call.output_tokens);
      counters.set(id, counter);
      const last = lastUsed.get(call.key_id);
      if (last === undefined || last < call.created_at) lastUsed.set(call.key_id, call.created_at);
    }
    const byKey = <T>(entries: Iterable<T>, key: (t: T) => string): T[] =>
      [...entries].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    await this.db.transaction().execute(async (trx) => {
      for (const counter of byKey(counters.values(), (c) => `${c.key_id} ${c.day}`)) {
        await trx
          .insertInto('api_key_usage')
          .values(counter)
          .onConflict((oc) =>
            oc.columns(['key_id', 'day']).doUpdateSet((eb) => ({
              requests: eb(eb.ref('api_key_usage.requests'), '+', counter.requests),
              input_tokens: eb(eb.ref('api_key_usage.input_tokens'), '+', counter.input_tokens),
              output_tokens: eb(eb.ref('api_key_usage.output_tokens'), '+', counter.output_tokens),
            })),
          )
          .execute();
      }
      for (const [keyId, at] of byKey(lastUsed, ([id]) => id)) {
        await trx
          .updateTable('api_keys')
          .set({ last_used_at: at })
          .where('id', '=', keyId)
          .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
          .execute();
      }
      // Rows of at most CALL_INSERT_ROWS per statement keep under SQLite's bound-parameter cap.
      for (let i = 0; i < calls.length; i += CALL_INSERT_ROWS)
        await trx
          .insertInto('api_calls')
          .values(calls.slice(i, i + CALL_INSERT_ROWS).map(({ call }) => call))
          .execute();
    });
  }
}
