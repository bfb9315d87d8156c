import type { Kysely } from 'kysely';

// Personalization: an account's custom instructions and memory switch (one row per user, made
// on first save), the facts it asked to be remembered, and the chats where both are left out.
// A memory saved by asking names the turn it came from, once: a retried or repeated turn reads
// it again but never saves it twice.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_instructions')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('about', 'text', (c) => c.notNull())
    .addColumn('style', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('memory_enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('memories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('source_message_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('memories_user_idx')
    .on('memories')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('memories_source_idx')
    .on('memories')
    .columns(['user_id', 'source_message_id'])
    .unique()
    .execute();
  await db.schema
    .createTable('chat_personalization')
    .addColumn('conversation_id', 'text', (c) =>
      c.primaryKey().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_personalization').execute();
  await db.schema.dropIndex('memories_source_idx').execute();
  await db.schema.dropIndex('memories_user_idx').execute();
  await db.schema.dropTable('memories').execute();
  await db.schema.dropTable('custom_instructions').execute();
}
