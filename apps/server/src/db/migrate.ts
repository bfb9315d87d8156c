import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { MIGRATIONS } from './migrations';

/**
 * Brings the schema to the latest migration. Kysely's migrator takes a lock table first, so
 * several processes booting together run each migration once.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, {
      cause,
    });
  }
  return (results ?? []).map((r) => r.migrationName);
}
