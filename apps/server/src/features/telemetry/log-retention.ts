import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema';
import { PeriodicJob, runExclusively } from '../../infra/periodic-job';
import { ClientErrorsRepository } from './client-errors.repository';

const PRUNE_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** PostgreSQL advisory lock id of the prune (any fixed bigint no other job uses). */
export const LOG_PRUNE_LOCK_ID = 7_200_020;

/**
 * Deletes browser error reports and usage events older than LOG_RETENTION_DAYS, hourly, on one
 * process at a time (runExclusively).
 */
export class LogRetention {
  readonly #job: PeriodicJob;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly retentionDays: number,
    log: FastifyBaseLogger,
  ) {
    this.#job = new PeriodicJob('log retention prune', PRUNE_INTERVAL_MS, () => this.prune(), log);
  }

  start(): void {
    this.#job.start();
  }

  /** Returns how many rows were deleted, or null when another process holds the prune. */
  prune(now: number = Date.now()): Promise<number | null> {
    const before = new Date(now - this.retentionDays * DAY_MS).toISOString();
    return runExclusively(this.db, LOG_PRUNE_LOCK_ID, (db) =>
      new ClientErrorsRepository(db).pruneBefore(before),
    );
  }

  close(): Promise<void> {
    return this.#job.close();
  }
}
