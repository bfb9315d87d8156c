import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { ReusedQuery } from '../../db/reused-query';
import type { Database, PlansTable } from '../../db/schema';

export type PlanRow = Selectable<PlansTable>;

/** The free plan's id (seeded by migration 0150; never archived). */
export const FREE_PLAN_ID = 'free';

/** pg hands integer columns back as numbers, but a bigint-typed expression as a string. */
function normalise(row: PlanRow): PlanRow {
  return {
    ...row,
    price_minor: Number(row.price_minor),
    compare_panels: Number(row.compare_panels),
    display_order: Number(row.display_order),
    daily_message_limit: row.daily_message_limit === null ? null : Number(row.daily_message_limit),
    api_key_limit: row.api_key_limit === null ? null : Number(row.api_key_limit),
  };
}

/** The columns a plan's rules come from (read on every send and API call, so only these). */
export const PLAN_RULE_COLUMNS = [
  'id',
  'name',
  'daily_message_limit',
  'daily_limit_from_settings',
  'allowed_providers',
  'allowed_models',
  'compare_panels',
  'api_access',
  'api_key_limit',
] as const;
export type PlanRuleRow = Pick<PlanRow, (typeof PLAN_RULE_COLUMNS)[number]>;

function normaliseRules(row: PlanRuleRow): PlanRuleRow {
  return {
    ...row,
    compare_panels: Number(row.compare_panels),
    daily_message_limit: row.daily_message_limit === null ? null : Number(row.daily_message_limit),
    api_key_limit: row.api_key_limit === null ? null : Number(row.api_key_limit),
  };
}

export class PlansRepository {
  // Read on every send and every public API call: compiled once, only the rules' columns.
  readonly #rulesForUser = new ReusedQuery(
    { userId: '\u0000user', now: '\u0000now' },
    ({ userId, now }) =>
      this.#usersWithPlan(now)
        .select(PLAN_RULE_COLUMNS.map((column) => `plans.${column}` as const))
        .where('users.id', '=', userId),
  );

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Each user beside their plan: users.plan_id while it lasts (plan_until, a past-due
   * subscription's grace, not passed), else the free plan.
   */
  #usersWithPlan(now: string) {
    return this.db.selectFrom('users').innerJoin('plans', (join) =>
      join.on((eb) =>
        eb(
          'plans.id',
          '=',
          eb.fn.coalesce(
            eb
              .case()
              .when(eb.or([eb('users.plan_until', 'is', null), eb('users.plan_until', '>', now)]))
              .then(eb.ref('users.plan_id'))
              .end(),
            eb.val(FREE_PLAN_ID),
          ),
        ),
      ),
    );
  }

  async list(includeArchived: boolean): Promise<PlanRow[]> {
    let query = this.db.selectFrom('plans').selectAll();
    if (!includeArchived) query = query.where('archived_at', 'is', null);
    const rows = await query.orderBy('display_order').orderBy('created_at').execute();
    return rows.map(normalise);
  }

  async find(id: string): Promise<PlanRow | undefined> {
    const row = await this.db
      .selectFrom('plans')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && normalise(row);
  }

  /** The plan whose current Stripe price this is. */
  async findByPriceId(priceId: string): Promise<PlanRow | undefined> {
    const row = await this.db
      .selectFrom('plans')
      .selectAll()
      .where('stripe_price_id', '=', priceId)
      .executeTakeFirst();
    return row && normalise(row);
  }

  /** The user's plan row: their plans.id, else the free plan. Undefined for no such user. */
  async findForUser(userId: string): Promise<PlanRow | undefined> {
    const row = await this.#usersWithPlan(new Date().toISOString())
      .selectAll('plans')
      .where('users.id', '=', userId)
      .executeTakeFirst();
    return row && normalise(row);
  }

  /** The columns of the user's plan that its rules need (their plans.id, else the free plan). */
  async findRulesForUser(userId: string): Promise<PlanRuleRow | undefined> {
    const row = (
      await this.#rulesForUser.execute(this.db, { userId, now: new Date().toISOString() })
    ).rows[0];
    return row && normaliseRules(row);
  }

  async nextDisplayOrder(): Promise<number> {
    const row = await this.db
      .selectFrom('plans')
      .select((eb) => eb.fn.max('display_order').as('top'))
      .executeTakeFirst();
    return Number(row?.top ?? 0) + 1;
  }

  async insert(row: Insertable<PlansTable>): Promise<void> {
    await this.db.insertInto('plans').values(row).execute();
  }

  async update(id: string, changes: Updateable<PlansTable>): Promise<void> {
    await this.db.updateTable('plans').set(changes).where('id', '=', id).execute();
  }

  /** Every plan's display_order from its place in `ids`, in one transaction. */
  async setOrder(ids: readonly string[], now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [index, id] of ids.entries()) {
        await trx
          .updateTable('plans')
          .set({ display_order: index, updated_at: now })
          .where('id', '=', id)
          .execute();
      }
    });
  }
}
