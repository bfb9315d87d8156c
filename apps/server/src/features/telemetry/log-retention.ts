import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/schema';
import { dialectOf } from '../../db/dialect';
import { ClientErrorsRepository } from './client-errors.repository';

const PRUNE_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** PostgreSQL advisory lock id of the prune (any fixed bigint no other job uses). */
export const LOG_PRUNE_LOCK_ID = 7_200_020;

/**
 * Deletes browser error reports and usage events older than LOG_RETENTION_DAYS, hourly. With
 * PostgreSQL several processes share the tables: a transaction-scoped advisory lock lets one
 * of them prune while the others skip that round. SQLite has one process.
 */
export class LogRetention {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly retentionDays: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.#timer = setInterval(() => {
      this.#running = this.prune().catch((error: unknown) =>
        this.log.warn({ err: error }, 'log retention prune failed'),
      );
    }, PRUNE_INTERVAL_MS);
    this.#timer.unref();
  }

  /** Returns how many rows were deleted, or null when another process holds the prune. */
  async prune(now: number = Date.now()): Promise<number | null> {
    const before = new Date(now - this.retentionDays * DAY_MS).toISOString();
    if (dialectOf(this.db) !== 'postgres')
      return new ClientErrorsRepository(this.db).pruneBefore(before);
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(${LOG_PRUNE_LOCK_ID}) as locked`.execute(trx);
      if (rows[0]?.locked !== true) return null;
      return new ClientErrorsRepository(trx).pruneBefore(before);
    });
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly logRetention: LogRetention;
  }
}

/** Root level: one prune job per process, stopped before the database closes. */
export function registerLogRetention(app: FastifyInstance): void {
  const retention = new LogRetention(app.db, app.config.logRetentionDays, app.log);
  app.decorate('logRetention', retention);
  retention.start();
  app.addHook('preClose', () => retention.close());
}
