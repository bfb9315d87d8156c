import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import { dialectOf } from '../db/dialect';

/**
 * Runs `work` in a transaction unless another process is running the same job: with PostgreSQL
 * several processes share the tables, and a transaction-scoped advisory lock lets one of them
 * do a round while the others skip it (null). SQLite has one process, so it always runs.
 * `lockId` is any fixed bigint no other job uses.
 */
export async function runExclusively<T>(
  db: Kysely<Database>,
  lockId: number,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T | null> {
  if (dialectOf(db) !== 'postgres') return work(db);
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(${lockId}) as locked`.execute(trx);
    if (rows[0]?.locked !== true) return null;
    return work(trx);
  });
}

/**
 * Calls `round` every `intervalMs` without keeping the process alive; a failed round is logged
 * and the next one still comes. close() waits for a round in flight, so the database can close.
 */
export class PeriodicJob {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly round: () => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.#timer = setInterval(() => {
      this.#running = this.round().catch((error: unknown) =>
        this.log.warn({ err: error }, `${this.name} failed`),
      );
    }, this.intervalMs);
    this.#timer.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }
}
