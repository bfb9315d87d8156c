import type { Kysely } from 'kysely';

// Project knowledge files with their indexing state, and the files an answer drew on. Files
// cascade with their project (and account). Their chunks are not here: they live in the shared
// full-text index of migration 0100 (search_documents, kind 'knowledge', source_id = file id),
// written through the search feature, so history search finds them too.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('knowledge_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_name', 'text', (c) => c.notNull())
    // indexing | ready | failed
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('chunk_count', 'integer', (c) => c.notNull())
    // How often indexing was started, and until when the process that started it last holds
    // it: a crashed process's file is taken up again once its lease has run out.
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('knowledge_files_project_idx')
    .on('knowledge_files')
    .columns(['project_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('knowledge_files_state_idx')
    .on('knowledge_files')
    .columns(['state', 'lease_until'])
    .execute();

  // JSON array of {file_id, filename}: the files an answer drew on, kept by name because the
  // file may be deleted later while the answer stays.
  await db.schema.alterTable('messages').addColumn('sources', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('sources').execute();
  await db.schema.dropTable('knowledge_files').execute();
}
