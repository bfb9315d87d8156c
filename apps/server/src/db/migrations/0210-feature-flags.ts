import type { Kysely } from 'kysely';

// Feature flags an admin has set (spec §1). A flag without a row has its default from the
// contract (FEATURE_FLAGS), so a flag added later needs no migration and no seed.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feature_flags')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    // No foreign key: the flag keeps its value when the admin who set it is deleted.
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feature_flags').execute();
}
