import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

// Chat: conversations, messages (one row = one turn), uploaded attachments, the
// daily allowance counters, per-process generation leases and the bus namespace.
// A row belongs to a user (user_id, cascading with the account) or to a visitor (visitor_id);
// exactly one of the two is set.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('visitor_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    // 0 until a person names it: the first exchange may then rename it.
    .addColumn('title_set', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('is_favourite', 'integer', (c) => c.notNull().defaultTo(0))
    // Projects arrive later; kept as plain text without a foreign key until then.
    .addColumn('project_id', 'text')
    .addColumn('comparison_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_message_at', 'text')
    .execute();
  await db.schema
    .createIndex('conversations_user_idx')
    .on('conversations')
    .columns(['user_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('conversations_visitor_idx')
    .on('conversations')
    .columns(['visitor_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('visitor_id', 'text')
    .addColumn('conversation_id', 'text', (c) =>
      c.references('conversations.id').onDelete('cascade'),
    )
    .addColumn('comparison_id', 'text')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('response', 'text')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('model_friendly_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('input_tokens', 'integer')
    .addColumn('output_tokens', 'integer')
    .addColumn('error', 'text')
    .addColumn('error_code', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('include_history', 'integer', (c) => c.notNull().defaultTo(1))
    // The process generating the answer (see generation_leases); null once finished.
    .addColumn('owner_process', 'text')
    // The day whose allowance paid for this turn (refunded when generation fails).
    .addColumn('charged_day', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('messages_conversation_idx')
    .on('messages')
    .columns(['conversation_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('messages_user_idx')
    .on('messages')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('messages_visitor_idx')
    .on('messages')
    .columns(['visitor_id', 'created_at'])
    .execute();
  await db.schema.createIndex('messages_request_idx').on('messages').column('request_id').execute();
  await db.schema
    .createIndex('messages_status_idx')
    .on('messages')
    .columns(['status', 'owner_process'])
    .execute();

  await db.schema
    .createTable('attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('visitor_id', 'text')
    .addColumn('message_id', 'text', (c) => c.references('messages.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    // Server-made file name under DATA_DIR/uploads; never derived from the client's name.
    .addColumn('storage_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attachments_message_idx')
    .on('attachments')
    .column('message_id')
    .execute();

  await db.schema
    .createTable('daily_usage')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_usage_pk', ['subject', 'day'])
    .execute();

  await db.schema
    .createTable('generation_leases')
    .addColumn('process_id', 'text', (c) => c.primaryKey())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .execute();

  // Processes sharing this database share bus channels; another database (a test app) never does.
  await db.schema
    .createTable('bus_namespace')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .execute();
  await (db as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('bus_namespace')
    .values({ id: randomBytes(9).toString('base64url') })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'bus_namespace',
    'generation_leases',
    'daily_usage',
    'attachments',
    'messages',
    'conversations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
