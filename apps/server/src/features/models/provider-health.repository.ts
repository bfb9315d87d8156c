import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ProviderHealthTable } from '../../db/schema';

export type ProviderHealthRow = Selectable<ProviderHealthTable>;

/** Why an upstream could not be reached, as stored and shown. */
export interface HealthFailure {
  code: string;
  reason: string;
}

export class ProviderHealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listAll(): Promise<ProviderHealthRow[]> {
    return this.db.selectFrom('provider_health').selectAll().execute();
  }

  /** A row to update atomically; one that exists is left as it is. */
  async #ensure(provider: string, now: string): Promise<void> {
    await this.db
      .insertInto('provider_health')
      .values({
        provider,
        state: 'reachable',
        code: null,
        reason: null,
        checked_at: null,
        consecutive_failures: 0,
        next_probe_at: null,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('provider').doNothing())
      .execute();
  }

  /**
   * Counts one connection-level failure (in one statement, so failures in several processes
   * add up) and marks the provider unreachable once `threshold` follow each other, with the
   * probe due at `retryAt`. True when this call turned it unreachable.
   */
  async recordFailure(
    provider: string,
    failure: HealthFailure,
    at: { now: string; retryAt: string },
    threshold: number,
  ): Promise<boolean> {
    await this.#ensure(provider, at.now);
    await this.db
      .updateTable('provider_health')
      .set({
        consecutive_failures: sql<number>`consecutive_failures + 1`,
        code: failure.code,
        reason: failure.reason,
        checked_at: at.now,
        updated_at: at.now,
      })
      .where('provider', '=', provider)
      .execute();
    const turned = await this.db
      .updateTable('provider_health')
      .set({ state: 'unreachable', next_probe_at: at.retryAt })
      .where('provider', '=', provider)
      .where('state', '!=', 'unreachable')
      .where('consecutive_failures', '>=', threshold)
      .executeTakeFirst();
    return Number(turned.numUpdatedRows) > 0;
  }

  /**
   * A failed probe: unreachable at once (the probe is a deliberate check), the next probe
   * at `retryAt` (the caller's back-off).
   */
  async recordProbeFailure(
    provider: string,
    failure: HealthFailure,
    at: { now: string; retryAt: string },
  ): Promise<void> {
    await this.#ensure(provider, at.now);
    await this.db
      .updateTable('provider_health')
      .set({
        state: 'unreachable',
        consecutive_failures: sql<number>`consecutive_failures + 1`,
        code: failure.code,
        reason: failure.reason,
        checked_at: at.now,
        next_probe_at: at.retryAt,
        updated_at: at.now,
      })
      .where('provider', '=', provider)
      .execute();
  }

  /**
   * The upstream answered: reachable, failures forgotten, the next probe at `nextProbeAt`.
   * True when it had been unreachable.
   */
  async recordSuccess(
    provider: string,
    at: { now: string; nextProbeAt: string },
  ): Promise<boolean> {
    const before = await this.db
      .selectFrom('provider_health')
      .select('state')
      .where('provider', '=', provider)
      .executeTakeFirst();
    await this.db
      .insertInto('provider_health')
      .values({
        provider,
        state: 'reachable',
        code: null,
        reason: null,
        checked_at: at.now,
        consecutive_failures: 0,
        next_probe_at: at.nextProbeAt,
        updated_at: at.now,
      })
      .onConflict((oc) =>
        oc.column('provider').doUpdateSet({
          state: 'reachable',
          code: null,
          reason: null,
          checked_at: at.now,
          consecutive_failures: 0,
          next_probe_at: at.nextProbeAt,
          updated_at: at.now,
        }),
      )
      .execute();
    return before?.state === 'unreachable';
  }

  /** Forgets what was found (the settings it was found with changed): unknown, probe due. */
  async forget(provider: string): Promise<void> {
    await this.db.deleteFrom('provider_health').where('provider', '=', provider).execute();
  }

  /**
   * Claims a due probe for this process: moves its time to `leaseUntil` only if it is due
   * (null or past), in one statement, so of several processes exactly one gets true.
   */
  async claimProbe(provider: string, now: string, leaseUntil: string): Promise<boolean> {
    await this.#ensure(provider, now);
    const claimed = await this.db
      .updateTable('provider_health')
      .set({ next_probe_at: leaseUntil })
      .where('provider', '=', provider)
      .where((eb) => eb.or([eb('next_probe_at', 'is', null), eb('next_probe_at', '<=', now)]))
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) > 0;
  }
}
