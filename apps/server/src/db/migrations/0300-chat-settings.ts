import type { Kysely } from 'kysely';

// A chat's own settings (parameters and system prompt) beside its row, and a user's named
// presets of model + settings, one of which may be the default new chats start from. Settings
// are JSON text: their shape is the contract's ChatSettings, checked when read.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_settings')
    .addColumn('conversation_id', 'text', (c) =>
      c.primaryKey().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('chat_presets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('provider', 'text')
    .addColumn('model', 'text')
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_presets_user_idx')
    .on('chat_presets')
    .columns(['user_id', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_presets').execute();
  await db.schema.dropTable('chat_settings').execute();
}
