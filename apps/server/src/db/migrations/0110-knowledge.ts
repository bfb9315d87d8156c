import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// Project knowledge files and their full-text-indexed chunks, and the files an answer drew on.
// Files cascade with their project (and account); chunks with their file. The chunks' text
// index is each database's own: FTS5 (bm25) on SQLite, a generated tsvector with GIN
// (ts_rank) on PostgreSQL. Chunks carry an integer key because FTS5's external content table
// addresses rows by integer, and a plain table's implicit rowid may change on VACUUM.

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

  if (dialectOf(db) === 'postgres') {
    await sql`
      create table knowledge_chunks (
        seq bigint generated always as identity primary key,
        file_id text not null references knowledge_files(id) on delete cascade,
        project_id text not null,
        position integer not null,
        filename text not null,
        content text not null,
        tsv tsvector generated always as (
          setweight(to_tsvector('english', filename), 'B') || to_tsvector('english', content)
        ) stored
      )`.execute(db);
    await sql`create index knowledge_chunks_tsv_idx on knowledge_chunks using gin (tsv)`.execute(
      db,
    );
  } else {
    await sql`
      create table knowledge_chunks (
        seq integer primary key,
        file_id text not null references knowledge_files(id) on delete cascade,
        project_id text not null,
        position integer not null,
        filename text not null,
        content text not null
      )`.execute(db);
    await sql`
      create virtual table knowledge_chunks_fts using fts5(
        filename, content,
        content = 'knowledge_chunks', content_rowid = 'seq',
        tokenize = 'porter unicode61 remove_diacritics 2'
      )`.execute(db);
    // Kept in step by triggers, so every insert or delete (cascades included) updates it.
    await sql`
      create trigger knowledge_chunks_fts_insert after insert on knowledge_chunks begin
        insert into knowledge_chunks_fts (rowid, filename, content)
          values (new.seq, new.filename, new.content);
      end`.execute(db);
    await sql`
      create trigger knowledge_chunks_fts_delete after delete on knowledge_chunks begin
        insert into knowledge_chunks_fts (knowledge_chunks_fts, rowid, filename, content)
          values ('delete', old.seq, old.filename, old.content);
      end`.execute(db);
  }
  await db.schema
    .createIndex('knowledge_chunks_file_idx')
    .on('knowledge_chunks')
    .columns(['file_id', 'position'])
    .execute();
  await db.schema
    .createIndex('knowledge_chunks_project_idx')
    .on('knowledge_chunks')
    .column('project_id')
    .execute();

  // JSON array of {file_id, filename}: the files an answer drew on, kept by name because the
  // file may be deleted later while the answer stays.
  await db.schema.alterTable('messages').addColumn('sources', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('sources').execute();
  if (dialectOf(db) === 'sqlite') {
    await sql`drop trigger if exists knowledge_chunks_fts_delete`.execute(db);
    await sql`drop trigger if exists knowledge_chunks_fts_insert`.execute(db);
    await sql`drop table if exists knowledge_chunks_fts`.execute(db);
  }
  await db.schema.dropTable('knowledge_chunks').execute();
  await db.schema.dropTable('knowledge_files').execute();
}
