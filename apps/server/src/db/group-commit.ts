import type { Kysely } from 'kysely';

interface Unit<DB> {
  work: (trx: Kysely<DB>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Units sharing one transaction at most: a larger batch only makes its first unit wait longer. */
const MAX_BATCH = 32;

/**
 * Runs units of work that each need a transaction of their own, several in one transaction
 * when they arrive together: units that arrive in the same tick, or while a batch commits,
 * share the next commit. A commit has a fixed cost however little it writes, and with the
 * search index every commit also flushes an FTS5 segment that automerge later rewrites
 * (BENCHMARKS.md, History search), so concurrent sends pay it once per batch instead of once
 * per turn. A unit that throws rolls its batch back; every unit of that batch then runs again
 * alone, so only the failing one fails. Units must therefore only write through `trx`.
 */
export class GroupCommit<DB> {
  #waiting: Unit<DB>[] = [];
  #draining = false;

  constructor(private readonly db: Kysely<DB>) {}

  run<T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#draining) {
        this.#draining = true;
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#waiting.length > 0) await this.#commit(this.#waiting.splice(0, MAX_BATCH));
    } finally {
      this.#draining = false;
    }
  }

  async #commit(batch: Unit<DB>[]): Promise<void> {
    if (batch.length > 1) {
      let results: unknown[];
      try {
        results = await this.db.transaction().execute(async (trx) => {
          const out: unknown[] = [];
          for (const unit of batch) out.push(await unit.work(trx));
          return out;
        });
      } catch {
        for (const unit of batch) await this.#alone(unit);
        return;
      }
      batch.forEach((unit, i) => unit.resolve(results[i]));
      return;
    }
    for (const unit of batch) await this.#alone(unit);
  }

  async #alone(unit: Unit<DB>): Promise<void> {
    try {
      unit.resolve(await this.db.transaction().execute(unit.work));
    } catch (error) {
      unit.reject(error);
    }
  }
}
