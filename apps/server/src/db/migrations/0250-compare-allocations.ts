import type { Kysely } from 'kysely';

// The comparison ids allocate-id handed out (allocate_comparison_id=true), each bound to the
// owner it was allocated for: a send naming one that has no session yet creates the session for
// that owner (spec §7 knows no other call that would). A made-up or another owner's id is not
// here, so it cannot be claimed. Used or expired rows are deleted.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('compare_allocations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('visitor_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('compare_allocations_created_idx')
    .on('compare_allocations')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('compare_allocations_visitor_idx')
    .on('compare_allocations')
    .column('visitor_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('compare_allocations').execute();
}
