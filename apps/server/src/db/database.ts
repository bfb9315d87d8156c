import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { parseDatabaseUrl, type DbDialect } from './dialect';
import type { Database } from './schema';
import { startSqliteCheckpointer, type SqliteCheckpointer } from './sqlite-checkpointer';
import { attachSqliteHandle } from './sqlite-handle';
import { MigrationLockingSqliteDialect } from './sqlite-migration-lock';
import { withStatementCache } from './sqlite-statement-cache';

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: DbDialect;
  /** Closes the pool / file handle; safe to call twice. */
  close(): Promise<void>;
}

const SQLITE_BUSY_TIMEOUT_MS = 5_000;
const PG_POOL_SIZE = 10;
// pg waits forever for a connection by default; a dead server must fail requests, not hang them.
const PG_CONNECT_TIMEOUT_MS = 5_000;
/**
 * Idle connections are kept 5 minutes, not pg's 10 s: a backend stores its first turns several
 * times slower than a warm one (its caches and the search triggers' plans are per backend), so
 * a pool that emptied between bursts made each burst's first tokens wait on fresh backends.
 */
const PG_IDLE_TIMEOUT_MS = 300_000;

function openSqlite(filename: string): SqliteDatabase.Database {
  if (filename !== ':memory:') fs.mkdirSync(path.dirname(filename), { recursive: true });
  const sqlite = new SqliteDatabase(filename);
  // WAL lets readers run beside the single writer; busy_timeout makes a second process wait
  // for the write lock instead of failing at once with SQLITE_BUSY.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma('synchronous = NORMAL');
  // Deleted and overwritten rows are zeroed, not left in free space: a chat sealed into the
  // vault must not stay readable in the file's old bytes.
  sqlite.pragma('secure_delete = ON');
  return sqlite;
}

function createPgPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: PG_POOL_SIZE,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: PG_IDLE_TIMEOUT_MS,
  });
  // WARNING: an idle client that the server terminates (restart, failover, a dropped test
  // database) emits 'error' on the pool; unhandled, that would kill the process. The pool
  // discards the client and the next query opens a fresh one, so noting it is enough.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL idle client error: ${error.message}`);
  });
  return pool;
}

/** Opens the database DATABASE_URL names. Migrations are run separately (see migrate.ts). */
export function createDatabase(databaseUrl: string): DatabaseHandle {
  const target = parseDatabaseUrl(databaseUrl);
  let checkpointer: SqliteCheckpointer | undefined;
  let dialect: MigrationLockingSqliteDialect | PostgresDialect;
  let sqlite: SqliteDatabase.Database | undefined;
  if (target.dialect === 'sqlite') {
    sqlite = openSqlite(target.filename);
    if (target.filename !== ':memory:') {
      checkpointer = startSqliteCheckpointer(sqlite, target.filename);
    }
    dialect = new MigrationLockingSqliteDialect({ database: withStatementCache(sqlite) });
  } else {
    dialect = new PostgresDialect({ pool: createPgPool(target.connectionString) });
  }
  const db = new Kysely<Database>({ dialect });
  if (sqlite) attachSqliteHandle(db, sqlite);
  let closing: Promise<void> | undefined;
  return {
    db,
    dialect: target.dialect,
    // The checkpointer stops first: the app's own close then takes the last checkpoint.
    close: () => (closing ??= (checkpointer?.stop() ?? Promise.resolve()).then(() => db.destroy())),
  };
}
