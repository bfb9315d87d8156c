import type { Kysely } from 'kysely';
import { afterEach, beforeEach } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { ReusedQuery } from '../src/db/reused-query';
import type { Database } from '../src/db/schema';
import { createTempDir, createTestDatabase, type TestDatabase } from './database';

/**
 * A freshly migrated database of the configured dialect for each test of the calling suite,
 * closed and dropped after it; the returned function gives the current test's handle.
 */
export function migratedDatabasePerTest(): () => DatabaseHandle {
  let temp: ReturnType<typeof createTempDir> | undefined;
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  beforeEach(async () => {
    temp = createTempDir();
    database = await createTestDatabase(temp.dir);
    handle = createDatabase(database.url);
    await migrateToLatest(handle.db);
  });
  afterEach(async () => {
    await handle?.close();
    await database?.drop();
    temp?.remove();
  });
  return () => {
    if (!handle) throw new Error('the database exists only while a test runs');
    return handle;
  };
}

/**
 * The daily-allowance spend (features/limits' statement, which db/ must not import): one unit
 * of `subject` for `day` unless `limit` units are spent, as a reused query.
 */
export function dailyUsageSpend(db: Kysely<Database>) {
  return new ReusedQuery(
    { subject: '\u0000s', day: '\u0000d', limit: -0.5 },
    ({ subject, day, limit }) =>
      db
        .insertInto('daily_usage')
        .values({ subject, day, used: 1 })
        .onConflict((oc) =>
          oc
            .columns(['subject', 'day'])
            .doUpdateSet((eb) => ({ used: eb(eb.ref('daily_usage.used'), '+', 1) }))
            .where('daily_usage.used', '<', limit),
        ),
  );
}
