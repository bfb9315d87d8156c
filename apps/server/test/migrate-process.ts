/**
 * One process migrating DATABASE_URL, as the app's boot does (spawned by the migration tests
 * to boot several processes on one new database). Prints the migrations it ran as JSON.
 */
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

const handle = createDatabase(process.env.DATABASE_URL ?? '');
try {
  process.stdout.write(JSON.stringify(await migrateToLatest(handle.db)));
} finally {
  await handle.close();
}
