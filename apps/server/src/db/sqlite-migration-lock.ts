import { SqliteAdapter, SqliteDialect, sql, type DialectAdapter, type Kysely } from 'kysely';

/** How long a process waits for another one's migrations before it gives up. */
const MIGRATION_LOCK_WAIT_MS = 120_000;

/**
 * Kysely's SQLite adapter takes no migration lock (one connection per process), and runs each
 * migration outside a transaction: two processes booting on one new file (a cluster, PM2 `-i`)
 * both found the schema empty and the second failed on a table the first had just created.
 * Here the migrator's lock is SQLite's write lock, taken before the migrator reads what has run:
 * the second process waits, then finds every migration done.
 */
class MigrationLockingSqliteAdapter extends SqliteAdapter {
  /** Whether this process holds the lock: the migrator releases it even when taking it failed. */
  #holding = false;

  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    const deadline = Date.now() + MIGRATION_LOCK_WAIT_MS;
    for (;;) {
      try {
        // Each attempt waits the connection's busy_timeout for the write lock.
        await sql`begin immediate`.execute(db);
        this.#holding = true;
        return;
      } catch (error) {
        if (!isBusy(error) || Date.now() > deadline) throw error;
      }
    }
  }

  override async releaseMigrationLock(db: Kysely<unknown>): Promise<void> {
    if (!this.#holding) return;
    this.#holding = false;
    await sql`commit`.execute(db);
  }
}

/** better-sqlite3's error when the write lock stayed taken for the whole busy_timeout. */
function isBusy(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY';
}

/** SqliteDialect whose migrations hold the database's write lock (see the adapter above). */
export class MigrationLockingSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new MigrationLockingSqliteAdapter();
  }
}
