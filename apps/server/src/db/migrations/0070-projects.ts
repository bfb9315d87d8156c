import type { Kysely } from 'kysely';

// Projects: a user's named group of chats whose instructions open every turn in them.
// conversations.project_id (from 0020) points here; it carries no foreign key because SQLite
// cannot add one to an existing table, so the service checks ownership and deleting a project
// moves out or deletes its chats in the same transaction.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('colour', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull())
    .addColumn('default_model', 'text')
    .addColumn('archived', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('projects_user_idx')
    .on('projects')
    .columns(['user_id', 'archived', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('conversations_project_idx')
    .on('conversations')
    .column('project_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversations_project_idx').execute();
  await db.schema.dropTable('projects').execute();
}
