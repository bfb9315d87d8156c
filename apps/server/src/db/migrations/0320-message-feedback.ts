import type { Kysely } from 'kysely';

// Thumbs up / down on answers. A turn has one owner, so its feedback is keyed by the turn: one
// per person per answer, and it goes with the turn when the turn is deleted.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_feedback')
    .addColumn('message_id', 'text', (c) =>
      c.primaryKey().references('messages.id').onDelete('cascade'),
    )
    .addColumn('rating', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_feedback').execute();
}
