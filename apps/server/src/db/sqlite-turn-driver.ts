import {
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';

/**
 * Longest run of back-to-back SQLite work before the next holder waits for a turn of the event
 * loop. Handing over through the loop every time would make each queued send of a burst wait a
 * whole loop turn per query (seconds of time to first token under load); never doing it runs
 * them all as one block.
 */
const SLICE_MS = 2;

/**
 * Hands SQLite's single connection to waiters one at a time, in arrival order. Kysely's own
 * mutex wakes every waiter on each release through a promise, so under a burst of sends the
 * queued queries and transactions (all synchronous in better-sqlite3) ran back to back in one
 * microtask chain, and the tokens of streams already flowing waited behind all of them. Once a
 * chain of hand-offs has run for SLICE_MS, the next one goes through setImmediate, so pending
 * socket reads and writes run in between; an uncontended acquire costs nothing extra.
 */
export class ConnectionTurns {
  readonly #waiting: Array<() => void> = [];
  #held = false;
  #sliceStartedAt = 0;

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      this.#sliceStartedAt = performance.now();
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next === undefined) {
      this.#held = false;
    } else if (performance.now() - this.#sliceStartedAt < SLICE_MS) {
      next();
    } else {
      setImmediate(() => {
        this.#sliceStartedAt = performance.now();
        next();
      });
    }
  }
}

class TurnTakingDriver implements Driver {
  readonly #turns = new ConnectionTurns();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#turns.acquire();
    try {
      return await this.inner.acquireConnection();
    } catch (error) {
      this.#turns.release();
      throw error;
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.savepoint?.(connection, name, compileQuery);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.rollbackToSavepoint?.(connection, name, compileQuery);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.releaseSavepoint?.(connection, name, compileQuery);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      this.#turns.release();
    }
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Kysely's SQLite dialect with the connection handed over in turns (see ConnectionTurns). */
export class TurnTakingSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new TurnTakingDriver(super.createDriver());
  }
}
