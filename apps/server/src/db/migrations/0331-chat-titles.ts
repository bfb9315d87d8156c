import type { Kysely } from 'kysely';

// Which model writes new chats' titles (the admin console's choice). One row at most; without
// it, or with model_id NULL, chats are named after their first words as before.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_title_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('model_id', 'text', (c) => c.references('models.id').onDelete('set null'))
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_title_settings').execute();
}
