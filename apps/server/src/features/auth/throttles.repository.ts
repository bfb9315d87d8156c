import type { Kysely, Selectable } from 'kysely';
import type { AuthThrottlesTable, Database } from '../../db/schema';

export type ThrottleRow = Selectable<AuthThrottlesTable>;

/**
 * Per-key backoff and cooldown state (login failures per email, mail sends per address).
 * Every change is one statement that reads and writes the row together, so parallel requests
 * in any number of processes are each counted: the row lock of the upsert serialises them.
 */
export class ThrottlesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(key: string): Promise<ThrottleRow | undefined> {
    return this.db
      .selectFrom('auth_throttles')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /**
   * Adds one failure and sets the block the new count earns: `blockedUntil[n - 1]` for the
   * n-th failure, the last entry for every count beyond the list (the capped block).
   */
  async addFailure(
    key: string,
    blockedUntil: readonly (string | null)[],
    now: string,
  ): Promise<ThrottleRow> {
    const capped = blockedUntil.at(-1) ?? null;
    const [first = capped, ...later] = blockedUntil;
    return this.db
      .insertInto('auth_throttles')
      .values({ key, failures: 1, blocked_until: first, updated_at: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => {
          const failures = eb(eb.ref('auth_throttles.failures'), '+', 1);
          let block = eb.case(failures).when(eb.val(1)).then(eb.val(first));
          for (const [index, until] of later.entries())
            block = block.when(eb.val(index + 2)).then(eb.val(until));
          return { failures, blocked_until: block.else(eb.val(capped)).end(), updated_at: now };
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Blocks the key until `until` unless it is blocked past `now` already. True for exactly one
   * of any number of parallel callers.
   */
  async takeIfFree(key: string, until: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('auth_throttles')
      .values({ key, failures: 0, blocked_until: until, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ blocked_until: until, updated_at: now })
          .where((eb) =>
            eb.or([
              eb('auth_throttles.blocked_until', 'is', null),
              eb('auth_throttles.blocked_until', '<=', now),
            ]),
          ),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('auth_throttles').where('key', '=', key).execute();
  }
}
