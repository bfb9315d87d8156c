import type { Kysely } from 'kysely';
import { ReusedQuery } from '../../db/reused-query';
import { SqliteTurnGroup } from '../../db/sqlite-turn-group';
import type { Database } from '../../db/schema';

/** The spend upsert, compiled once per process and shared by every repository over any db. */
function spendQuery(
  db: Kysely<Database>,
): SqliteTurnGroup<{ subject: string; day: string; limit: number }, { used: number }> {
  return new SqliteTurnGroup(
    new ReusedQuery({ subject: '\u0000subject', day: '\u0000day', limit: -0.5 }, (values) =>
      db
        .insertInto('daily_usage')
        .values({ subject: values.subject, day: values.day, used: 1 })
        .onConflict((oc) =>
          oc
            .columns(['subject', 'day'])
            .doUpdateSet((eb) => ({ used: eb(eb.ref('daily_usage.used'), '+', 1) }))
            .where('daily_usage.used', '<', values.limit),
        )
        .returning('used'),
    ),
    { write: true },
  );
}

export class LimitsRepository {
  /**
   * Compiled once: a public API call spends a unit, and building the upsert costs more than
   * running it; on SQLite the spends of one event-loop turn share a commit. A repository over a
   * transaction (`within`) runs the same compiled statement.
   */
  readonly #spend: ReturnType<typeof spendQuery>;

  constructor(
    private readonly db: Kysely<Database>,
    spend?: ReturnType<typeof spendQuery>,
  ) {
    this.#spend = spend ?? spendQuery(db);
  }

  /** The same queries over `db` (a transaction). */
  within(db: Kysely<Database>): LimitsRepository {
    return new LimitsRepository(db, this.#spend);
  }

  async used(subject: string, day: string): Promise<number> {
    const row = await this.db
      .selectFrom('daily_usage')
      .select('used')
      .where('subject', '=', subject)
      .where('day', '=', day)
      .executeTakeFirst();
    return Number(row?.used ?? 0);
  }

  /**
   * Spends one unit if fewer than `limit` were spent that day. One statement, so concurrent
   * sends (in any process) cannot overspend: the row lock of the upsert serialises them and
   * the WHERE refuses the unit once the limit is reached. Needs limit >= 1. Returns the units
   * used that day with this one (the send's reply shows what is left without reading it again),
   * or null when the unit was refused.
   */
  async spend(subject: string, day: string, limit: number): Promise<number | null> {
    const result = await this.#spend.execute(this.db, { subject, day, limit });
    const used = result.rows[0]?.used;
    return used === undefined ? null : Number(used);
  }

  async refund(subject: string, day: string): Promise<void> {
    await this.db
      .updateTable('daily_usage')
      .set((eb) => ({ used: eb(eb.ref('used'), '-', 1) }))
      .where('subject', '=', subject)
      .where('day', '=', day)
      .where('used', '>', 0)
      .execute();
  }

  /**
   * A visitor's spending follows them into the account they sign in to. One statement: a send
   * the visitor makes meanwhile (in any process) is either in the sum or comes after it.
   */
  async moveSubject(from: string, to: string, day: string): Promise<void> {
    await this.db
      .insertInto('daily_usage')
      .columns(['subject', 'day', 'used'])
      .expression((eb) =>
        eb
          .selectFrom('daily_usage as source')
          .select([eb.val(to).as('subject'), 'source.day', 'source.used'])
          .where('source.subject', '=', from)
          .where('source.day', '=', day)
          .where('source.used', '>', 0),
      )
      .onConflict((oc) =>
        oc.columns(['subject', 'day']).doUpdateSet((eb) => ({
          used: eb(eb.ref('daily_usage.used'), '+', eb.ref('excluded.used')),
        })),
      )
      .execute();
  }
}
