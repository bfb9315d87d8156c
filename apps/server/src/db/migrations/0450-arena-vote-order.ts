import type { Kysely } from 'kysely';

// The arena's background round reads every vote in pages, in (created_at, session_id,
// turn_index) order from the last one read: this index makes each page a range scan instead of
// a sort of every later vote.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('compare_votes_order_idx')
    .on('compare_votes')
    .columns(['created_at', 'session_id', 'turn_index'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('compare_votes_order_idx').execute();
}
