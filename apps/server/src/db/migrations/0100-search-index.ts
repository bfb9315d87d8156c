import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect';
import { createPostgresSearchIndex, dropPostgresSearchIndex } from './0100-search-index.postgres';
import { createSqliteSearchIndex, dropSqliteSearchIndex } from './0100-search-index.sqlite';

// History search: one row per searchable text in `search_documents` (a chat's title, a user's
// message, an answer once it completes, or a project knowledge chunk), owned
// like the chat it comes from, and a full-text index over it: FTS5 on SQLite, a tsvector + GIN
// on PostgreSQL. Triggers on conversations and messages keep the documents in step inside the
// writing statement's own transaction, whichever code path writes (sends, answers completing,
// imports, renames, visitor claims, deletes and their cascades). Knowledge chunks have no
// source table here: the search feature's index writer adds and removes them.
// conversations.search_excluded = 1 keeps a chat (the vault's) out of the index entirely: no
// trigger writes a document for it, and setting the flag removes the ones it had.
// Existing chats are indexed here (titles, every message, every completed answer).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('conversations')
    .addColumn('search_excluded', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (dialectOf(db) === 'postgres') await createPostgresSearchIndex(db);
  else await createSqliteSearchIndex(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await dropPostgresSearchIndex(db);
  else await dropSqliteSearchIndex(db);
  await db.schema.alterTable('conversations').dropColumn('search_excluded').execute();
}
