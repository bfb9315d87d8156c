import type { Kysely } from 'kysely';

// Support tickets: a thread of messages between a user and the admins. Internal notes are
// messages with internal = 1 (admins only). Read marks are per side: a ticket is unread for a
// side when the other side wrote after that side's read timestamp.
// Attachments live in their own table and folder (not chat's), so chat's upload sweeper, which
// removes files no chat attachment row names, never takes them.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('support_tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'text', (c) =>
      c.references('conversations.id').onDelete('set null'),
    )
    .addColumn('error_id', 'text')
    .addColumn('assignee_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('last_user_message_at', 'text', (c) => c.notNull())
    // Null until an admin answers (internal notes do not count).
    .addColumn('last_admin_message_at', 'text')
    .addColumn('user_read_at', 'text')
    .addColumn('admin_read_at', 'text')
    .addColumn('last_message_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_tickets_user_idx')
    .on('support_tickets')
    .columns(['user_id', 'last_message_at'])
    .execute();
  await db.schema
    .createIndex('support_tickets_inbox_idx')
    .on('support_tickets')
    .columns(['status', 'last_message_at'])
    .execute();

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ticket_id', 'text', (c) =>
      c.notNull().references('support_tickets.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    // 'user' | 'admin'
    .addColumn('author_kind', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('internal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_messages_ticket_idx')
    .on('support_messages')
    .columns(['ticket_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('support_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The uploader; only they can link it to a message they write.
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.references('support_messages.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_attachments_message_idx')
    .on('support_attachments')
    .column('message_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('support_attachments').execute();
  await db.schema.dropTable('support_messages').execute();
  await db.schema.dropTable('support_tickets').execute();
}
