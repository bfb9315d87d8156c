import path from 'node:path';
import { PostgresAdapter, type DialectAdapter } from 'kysely';

export type DbDialect = 'sqlite' | 'postgres';

export type DatabaseTarget =
  | { dialect: 'sqlite'; /** Absolute path or ':memory:'. */ filename: string }
  | { dialect: 'postgres'; connectionString: string };

/** Reads DATABASE_URL: `sqlite:<path>` (relative to cwd), `sqlite::memory:`, `postgres(ql)://…`. */
export function parseDatabaseUrl(url: string, cwd: string = process.cwd()): DatabaseTarget {
  if (/^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', connectionString: url };
  if (url.startsWith('sqlite:')) {
    // `sqlite:///abs/path` (URL style) and `sqlite:/abs/path` mean the same file.
    const file = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (file === ':memory:') return { dialect: 'sqlite', filename: ':memory:' };
    if (file.length > 0) return { dialect: 'sqlite', filename: path.resolve(cwd, file) };
  }
  throw new Error(`Unsupported DATABASE_URL (expected sqlite:<path> or postgres://…)`);
}

/**
 * The dialect behind a Kysely instance or transaction (any table types), for the few repositories that need
 * dialect-specific SQL (upserts with RETURNING differences, full-text search, date maths).
 * NOTE: Kysely marks getExecutor() internal, but it is public in its typings and is the one
 * handle that also works inside `db.transaction()`.
 */
export function dialectOf(db: { getExecutor(): { readonly adapter: DialectAdapter } }): DbDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
