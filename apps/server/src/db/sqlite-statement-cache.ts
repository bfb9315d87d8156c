import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared; `in (?, ?, …)` lists make a few variants per query. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely's SQLite dialect sees it, with prepared statements reused by SQL text.
 * Kysely prepares every query again, and `prepare` (parsing and planning the SQL) is the
 * largest single cost of a streamed turn's writes when nothing reuses statements. Reusing a statement is safe here because
 * Kysely runs one query at a time on SQLite (its connection mutex) and every call finishes
 * synchronously; a statement still being iterated (Kysely's `stream()`) is never handed out
 * again: it gets a fresh one.
 */
export function withStatementCache(
  sqlite: SqliteDatabase.Database,
  size = STATEMENT_CACHE_SIZE,
): KyselySqliteDatabase {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (sql: string): SqliteStatement => {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        // Map order is insertion order: re-inserting marks it most recently used.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value ?? sql);
      }
      return statement;
    },
  };
}
