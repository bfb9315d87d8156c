import type { Kysely } from 'kysely';

// Why an answer's stream ended (the provider's finish reason: stop, length, content_filter,
// other): an answer cut by its output-token limit can be continued like a stopped one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('finish_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('finish_reason').execute();
}
