import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

const handles = new WeakMap<Kysely<Database>, SqliteDatabase.Database>();

/** Records the better-sqlite3 connection under a root Kysely instance (createDatabase does). */
export function attachSqliteHandle(db: Kysely<Database>, sqlite: SqliteDatabase.Database): void {
  handles.set(db, sqlite);
}

/**
 * The connection behind a root SQLite Kysely instance; undefined for PostgreSQL and for a
 * transaction (whose queries must go through it).
 */
export function sqliteHandleOf(db: Kysely<Database>): SqliteDatabase.Database | undefined {
  return handles.get(db);
}
