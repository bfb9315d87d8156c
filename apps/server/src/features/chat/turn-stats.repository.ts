import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { RUNNING_STATUSES } from './messages.repository';

/** `YYYY-MM-DD` of an ISO timestamp column: the UTC day (timestamps are UTC ISO strings). */
const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

/** Turns per day, provider and model, with their tokens. */
export interface UsageGroup {
  day: string;
  provider: string;
  model: string;
  messages: number;
  input_tokens: number;
  output_tokens: number;
}

export interface UsageErrorGroup {
  day: string;
  provider: string;
  model: string;
  error_code: string;
  n: number;
}

export interface UsageTtft {
  day: string;
  provider: string;
  model: string;
  ttft_ms: number;
}

export interface UsageFilter {
  /** Inclusive ISO bounds. */
  from: string;
  to: string;
  provider?: string | undefined;
  model?: string | undefined;
}

export interface DayCount {
  day: string;
  n: number;
}

/**
 * Figures over every account's turns (the admin console's usage and dashboard): chat owns the
 * messages table, and these are the only reads of it across accounts.
 */
export class TurnStatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  #messages(filter: UsageFilter) {
    let query = this.db
      .selectFrom('messages')
      .where('created_at', '>=', filter.from)
      .where('created_at', '<', filter.to);
    if (filter.provider) query = query.where('provider', '=', filter.provider);
    if (filter.model) query = query.where('model', '=', filter.model);
    return query;
  }

  async usage(filter: UsageFilter): Promise<UsageGroup[]> {
    const rows = await this.#messages(filter)
      .select((eb) => [
        dayOf('created_at').as('day'),
        'provider',
        'model',
        eb.fn.countAll<number>().as('messages'),
        eb.fn.sum<number>(eb.fn.coalesce('input_tokens', sql<number>`0`)).as('input_tokens'),
        eb.fn.sum<number>(eb.fn.coalesce('output_tokens', sql<number>`0`)).as('output_tokens'),
      ])
      .groupBy([dayOf('created_at'), 'provider', 'model'])
      .orderBy(dayOf('created_at'))
      .execute();
    return rows.map((row) => ({
      day: row.day,
      provider: row.provider,
      model: row.model,
      messages: Number(row.messages),
      input_tokens: Number(row.input_tokens ?? 0),
      output_tokens: Number(row.output_tokens ?? 0),
    }));
  }

  async usageErrors(filter: UsageFilter): Promise<UsageErrorGroup[]> {
    const rows = await this.#messages(filter)
      .where('status', '=', 'error')
      .select((eb) => [
        dayOf('created_at').as('day'),
        'provider',
        'model',
        eb.fn.coalesce('error_code', sql<string>`'unknown'`).as('error_code'),
        eb.fn.countAll<number>().as('n'),
      ])
      .groupBy([dayOf('created_at'), 'provider', 'model', 'error_code'])
      .execute();
    return rows.map((row) => ({ ...row, n: Number(row.n) }));
  }

  async usageTtft(filter: UsageFilter): Promise<UsageTtft[]> {
    const rows = await this.#messages(filter)
      .where('ttft_ms', 'is not', null)
      .select([dayOf('created_at').as('day'), 'provider', 'model', 'ttft_ms'])
      .execute();
    return rows.map((row) => ({ ...row, ttft_ms: Number(row.ttft_ms) }));
  }

  async countMessages(since: string, statuses?: readonly string[]): Promise<number> {
    let query = this.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', since);
    if (statuses) query = query.where('status', 'in', statuses);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  async countLiveStreams(): Promise<number> {
    const row = await this.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', RUNNING_STATUSES)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async messagesPerDay(since: string, statuses?: readonly string[]): Promise<DayCount[]> {
    let query = this.db
      .selectFrom('messages')
      .select((eb) => [dayOf('created_at').as('day'), eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', since);
    if (statuses) query = query.where('status', 'in', statuses);
    const rows = await query.groupBy(dayOf('created_at')).execute();
    return rows.map((row) => ({ day: row.day, n: Number(row.n) }));
  }

  /** An account's turns: all of them, and those since `since` with their tokens. */
  async ofUser(
    userId: string,
    since: string,
  ): Promise<{
    messages_total: number;
    messages_30d: number;
    input_tokens_30d: number;
    output_tokens_30d: number;
  }> {
    const [total, recent] = await Promise.all([
      this.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('messages')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>(eb.fn.coalesce('input_tokens', sql<number>`0`)).as('input_tokens'),
          eb.fn.sum<number>(eb.fn.coalesce('output_tokens', sql<number>`0`)).as('output_tokens'),
        ])
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      messages_total: Number(total.n),
      messages_30d: Number(recent.n),
      input_tokens_30d: Number(recent.input_tokens ?? 0),
      output_tokens_30d: Number(recent.output_tokens ?? 0),
    };
  }

  /** When each of these accounts last sent a turn (absent: never). */
  async lastTurnOf(userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('messages')
      .select(['user_id', (eb) => eb.fn.max('created_at').as('at')])
      .where('user_id', 'in', [...userIds])
      .groupBy('user_id')
      .execute();
    return new Map(rows.flatMap((r) => (r.user_id === null ? [] : [[r.user_id, String(r.at)]])));
  }
}
