import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DayCount, UsageErrorGroup, UsageFilter } from '../chat';

export type { DayCount, UsageErrorGroup, UsageFilter, UsageGroup, UsageTtft } from '../chat';

/** `YYYY-MM-DD` of an ISO timestamp column: the UTC day (timestamps are UTC ISO strings). */
const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

/** Calls of the OpenAI-compatible API, grouped like the chat's messages. */
export interface ApiUsageGroup {
  day: string;
  provider: string;
  model: string;
  calls: number;
  input_tokens: number;
  output_tokens: number;
}

/**
 * Read-only figures over other features' tables for the admin console (usage, dashboard); the
 * turns' figures are chat's (app.chat.stats).
 */
export class AdminReportsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  #apiCalls(filter: UsageFilter) {
    // The call records the registry id; the provider is the model's (unknown once it is gone).
    let query = this.db
      .selectFrom('api_calls')
      .leftJoin('models', 'models.id', 'api_calls.model')
      .where('api_calls.created_at', '>=', filter.from)
      .where('api_calls.created_at', '<', filter.to);
    if (filter.provider) query = query.where('models.provider', '=', filter.provider);
    if (filter.model) query = query.where('api_calls.model', '=', filter.model);
    return query;
  }

  async apiUsage(filter: UsageFilter): Promise<ApiUsageGroup[]> {
    const day = dayOf('api_calls.created_at');
    const provider = sql<string>`coalesce(${sql.ref('models.provider')}, 'unknown')`;
    const rows = await this.#apiCalls(filter)
      .select((eb) => [
        day.as('day'),
        provider.as('provider'),
        'api_calls.model as model',
        eb.fn.countAll<number>().as('calls'),
        eb.fn.sum<number>('api_calls.input_tokens').as('input_tokens'),
        eb.fn.sum<number>('api_calls.output_tokens').as('output_tokens'),
      ])
      .groupBy([day, provider, 'api_calls.model'])
      .execute();
    return rows.map((row) => ({
      day: row.day,
      provider: row.provider,
      model: row.model,
      calls: Number(row.calls),
      input_tokens: Number(row.input_tokens ?? 0),
      output_tokens: Number(row.output_tokens ?? 0),
    }));
  }

  /** Failed API calls by outcome (a provider error class, or `error`); hang-ups are not errors. */
  async apiUsageErrors(filter: UsageFilter): Promise<UsageErrorGroup[]> {
    const day = dayOf('api_calls.created_at');
    const provider = sql<string>`coalesce(${sql.ref('models.provider')}, 'unknown')`;
    const rows = await this.#apiCalls(filter)
      .where('api_calls.outcome', 'not in', ['ok', 'client_closed'])
      .select((eb) => [
        day.as('day'),
        provider.as('provider'),
        'api_calls.model as model',
        'api_calls.outcome as error_code',
        eb.fn.countAll<number>().as('n'),
      ])
      .groupBy([day, provider, 'api_calls.model', 'api_calls.outcome'])
      .execute();
    return rows.map((row) => ({ ...row, n: Number(row.n) }));
  }

  async countUsers(since?: string): Promise<number> {
    let query = this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
    if (since) query = query.where('created_at', '>=', since);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  async countClientErrors(since: string): Promise<number> {
    const row = await this.db
      .selectFrom('client_error_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async usersPerDay(since: string): Promise<DayCount[]> {
    const rows = await this.db
      .selectFrom('users')
      .select((eb) => [dayOf('created_at').as('day'), eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', since)
      .groupBy(dayOf('created_at'))
      .execute();
    return rows.map((row) => ({ day: row.day, n: Number(row.n) }));
  }

  async clientErrorsPerDay(since: string): Promise<DayCount[]> {
    const rows = await this.db
      .selectFrom('client_error_logs')
      .select((eb) => [dayOf('created_at').as('day'), eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', since)
      .groupBy(dayOf('created_at'))
      .execute();
    return rows.map((row) => ({ day: row.day, n: Number(row.n) }));
  }
}
