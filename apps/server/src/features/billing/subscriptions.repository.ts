import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, SubscriptionsTable } from '../../db/schema';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

/** A subscription beside its owner's email and its plan's name and price (admin lists). */
export type SubscriptionListRow = SubscriptionRow & {
  email: string;
  plan_name: string;
  price_minor: number;
  currency: string;
  interval: string;
};

export interface SubscriptionFilter {
  status?: string;
  planId?: string;
  /** Part of the owner's email, case-insensitive. */
  email?: string;
}

/** pg hands integer columns back as numbers, but counts as strings. */
function normalise<T extends SubscriptionRow>(row: T): T {
  return {
    ...row,
    cancel_at_period_end: Number(row.cancel_at_period_end),
    card_exp_month: row.card_exp_month === null ? null : Number(row.card_exp_month),
    card_exp_year: row.card_exp_year === null ? null : Number(row.card_exp_year),
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export class SubscriptionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(id: string): Promise<SubscriptionRow | undefined> {
    const row = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && normalise(row);
  }

  /** The user's subscriptions, newest first. */
  async listForUser(userId: string): Promise<SubscriptionRow[]> {
    const rows = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('started_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(normalise);
  }

  async upsert(row: Insertable<SubscriptionsTable>): Promise<void> {
    const { id: _id, created_at: _created, ...changes } = row;
    await this.db
      .insertInto('subscriptions')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(changes))
      .execute();
  }

  async customerOf(
    userId: string,
  ): Promise<{ email: string; customerId: string | null } | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['email', 'stripe_customer_id'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row && { email: row.email, customerId: row.stripe_customer_id };
  }

  /** Sets the user's customer unless one is set already; answers the one that holds. */
  async claimCustomer(userId: string, customerId: string): Promise<string> {
    await this.db
      .updateTable('users')
      .set({ stripe_customer_id: customerId })
      .where('id', '=', userId)
      .where('stripe_customer_id', 'is', null)
      .execute();
    const row = await this.db
      .selectFrom('users')
      .select('stripe_customer_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.stripe_customer_id ?? customerId;
  }

  async userByCustomer(customerId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('stripe_customer_id', '=', customerId)
      .executeTakeFirst();
    return row?.id;
  }

  async userExists(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async setUserPlan(userId: string, planId: string | null, until: string | null): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ plan_id: planId, plan_until: until })
      .where('id', '=', userId)
      .execute();
  }

  /** Records a webhook event; false when its id was recorded before (a replay). */
  async recordEvent(id: string, type: string, subscriptionId: string | null): Promise<boolean> {
    const result = await this.db
      .insertInto('billing_events')
      .values({ id, type, subscription_id: subscriptionId, received_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async hasEvent(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('billing_events')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  async eventsOf(subscriptionId: string): Promise<Selectable<Database['billing_events']>[]> {
    return this.db
      .selectFrom('billing_events')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('received_at', 'desc')
      .orderBy('id')
      .limit(200)
      .execute();
  }

  #listQuery(filter: SubscriptionFilter) {
    let query = this.db
      .selectFrom('subscriptions')
      .innerJoin('users', 'users.id', 'subscriptions.user_id')
      .innerJoin('plans', 'plans.id', 'subscriptions.plan_id');
    if (filter.status !== undefined)
      query = query.where('subscriptions.status', '=', filter.status);
    if (filter.planId !== undefined)
      query = query.where('subscriptions.plan_id', '=', filter.planId);
    if (filter.email !== undefined && filter.email !== '') {
      const pattern = `%${escapeLike(filter.email.toLowerCase())}%`;
      // Both dialects: an explicit escape (SQLite's LIKE has none by default).
      query = query.where(sql<boolean>`${sql.ref('users.email')} like ${pattern} escape '\\'`);
    }
    return query;
  }

  async list(
    filter: SubscriptionFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: SubscriptionListRow[]; total: number }> {
    const rows = await this.#listQuery(filter)
      .selectAll('subscriptions')
      .select([
        'users.email',
        'plans.name as plan_name',
        'plans.price_minor',
        'plans.currency',
        'plans.interval',
      ])
      .orderBy('subscriptions.started_at', 'desc')
      .orderBy('subscriptions.id')
      .offset(offset)
      .limit(limit)
      .execute();
    const count = await this.#listQuery(filter)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return {
      rows: rows.map((r) => ({ ...normalise(r), price_minor: Number(r.price_minor) })),
      total: Number(count.n),
    };
  }

  async findListed(id: string): Promise<SubscriptionListRow | undefined> {
    const row = await this.#listQuery({})
      .selectAll('subscriptions')
      .select([
        'users.email',
        'plans.name as plan_name',
        'plans.price_minor',
        'plans.currency',
        'plans.interval',
      ])
      .where('subscriptions.id', '=', id)
      .executeTakeFirst();
    return row && { ...normalise(row), price_minor: Number(row.price_minor) };
  }

  /**
   * Subscriptions that may grant access or ended since `since` (figures): statuses past
   * incomplete, with their plan's price.
   */
  async forFigures(since: string): Promise<SubscriptionListRow[]> {
    const rows = await this.#listQuery({})
      .selectAll('subscriptions')
      .select([
        'users.email',
        'plans.name as plan_name',
        'plans.price_minor',
        'plans.currency',
        'plans.interval',
      ])
      .where('subscriptions.status', 'not in', ['incomplete', 'incomplete_expired'])
      .where((eb) =>
        eb.or([
          eb('subscriptions.ended_at', 'is', null),
          eb('subscriptions.ended_at', '>=', since),
        ]),
      )
      .execute();
    return rows.map((r) => ({ ...normalise(r), price_minor: Number(r.price_minor) }));
  }
}
