import { sql, type Kysely } from 'kysely';
import {
  OWNER,
  PLACEHOLDER_TITLE,
  SEARCH_DOCUMENTS_INDEXES,
  searchDocumentsInserts,
  searchDocumentsTable,
} from './0100-search-index.documents';

// SQLite: `search_fts` is a contentless FTS5 table (the texts already live in conversations and
// messages; contentless_delete lets a row go by rowid alone). Its rowid is search_documents.id.
// Columns: `owner` holds hex(owner_key) as one token so a query names its owner inside MATCH
// and FTS5 intersects posting lists instead of ranking every owner's matches; `text` is a
// title, a user's message or a knowledge chunk; `answer` is a completed answer.
// unicode61 with remove_diacritics 2 folds case and accents (é, ü, ç → e, u, c).
// NOTE: an answer is its own document, added when it completes, rather than a column of its
// turn's row: a contentless FTS5 row cannot be updated, and deleting one to write it again
// costs several times an insert on every send (measured: BENCHMARKS.md, History search).

/** The FTS rows of documents already in search_documents (chosen by `where` on alias d). */
function ftsInserts(where: string): string[] {
  return [
    `insert into search_fts (rowid, owner, text)
      select d.id, hex(d.owner_key), c.title from search_documents d
      join conversations c on c.id = d.conversation_id where d.kind = 'title' and ${where}`,
    `insert into search_fts (rowid, owner, text)
      select d.id, hex(d.owner_key), m.content from search_documents d
      join messages m on m.id = d.message_id where d.kind = 'message' and ${where}`,
    `insert into search_fts (rowid, owner, answer)
      select d.id, hex(d.owner_key), m.response from search_documents d
      join messages m on m.id = d.message_id where d.kind = 'answer' and ${where}`,
  ];
}

const statements = (list: string[]) => list.map((s) => `${s};`).join('\n');

/** The document of one kind of the turn `new`, for a turn whose chat is indexed. */
function turnDocument(kind: 'message' | 'answer', text: string, column: 'text' | 'answer'): string {
  return statements([
    `insert into search_documents (kind, owner_key, conversation_id, message_id, created_at)
      select '${kind}', ${OWNER('c')}, c.id, new.id, new.created_at from conversations c
      where c.id = new.conversation_id and c.search_excluded = 0
        and coalesce(c.user_id, c.visitor_id) is not null`,
    `insert into search_fts (rowid, owner, ${column})
      select d.id, hex(d.owner_key), ${text} from search_documents d
      where d.message_id = new.id and d.kind = '${kind}'`,
  ]);
}

const TRIGGERS = [
  // A document leaving (deleted, or cascaded from its chat or turn) takes its FTS row along.
  `create trigger search_documents_delete after delete on search_documents begin
    delete from search_fts where rowid = old.id;
  end`,
  `create trigger search_conversation_insert after insert on conversations
  when new.search_excluded = 0 and coalesce(new.user_id, new.visitor_id) is not null
    and new.title <> ${PLACEHOLDER_TITLE} begin
    insert into search_documents (kind, owner_key, conversation_id, created_at)
      values ('title', ${OWNER('new')}, new.id, new.created_at);
    insert into search_fts (rowid, owner, text)
      values (last_insert_rowid(), hex(${OWNER('new')}), new.title);
  end`,
  `create trigger search_conversation_title after update of title on conversations
  when new.title is not old.title begin
    ${statements([
      `delete from search_documents where conversation_id = new.id and kind = 'title'`,
      searchDocumentsInserts('c.id = new.id', OWNER('c'))[0] ?? '',
      ftsInserts('d.conversation_id = new.id')[0] ?? '',
    ])}
  end`,
  // A visitor's chat claimed by an account, or a chat put into or out of the vault.
  `create trigger search_conversation_scope after update of user_id, visitor_id, search_excluded
  on conversations
  when new.user_id is not old.user_id or new.visitor_id is not old.visitor_id
    or new.search_excluded is not old.search_excluded begin
    ${statements([
      `delete from search_documents where conversation_id = new.id and kind <> 'knowledge'`,
      ...searchDocumentsInserts('c.id = new.id', OWNER('c')),
      ...ftsInserts('d.conversation_id = new.id'),
    ])}
  end`,
  `create trigger search_message_insert after insert on messages
  when new.conversation_id is not null begin
    ${turnDocument('message', 'new.content', 'text')}
  end`,
  // Imports store turns already completed.
  `create trigger search_message_insert_answer after insert on messages
  when new.conversation_id is not null and new.status = 'completed' and new.response is not null begin
    ${turnDocument('answer', 'new.response', 'answer')}
  end`,
  `create trigger search_message_content after update of content on messages
  when new.content is not old.content begin
    delete from search_fts
      where rowid = (select id from search_documents where message_id = new.id and kind = 'message');
    insert into search_fts (rowid, owner, text)
      select d.id, hex(d.owner_key), new.content from search_documents d
      where d.message_id = new.id and d.kind = 'message';
  end`,
  // Streaming writes partial responses with status 'streaming': only completion (or a
  // completed answer changing or going away) touches the index. A first completion only
  // inserts (the delete finds nothing).
  `create trigger search_message_answer after update of status, response on messages
  when (new.status = 'completed' and (old.status is not 'completed' or new.response is not old.response))
    or (old.status = 'completed' and new.status is not 'completed') begin
    delete from search_documents
      where old.status = 'completed' and message_id = new.id and kind = 'answer';
    ${turnDocument('answer', 'new.response', 'answer').replace(
      'where c.id = new.conversation_id',
      `where new.status = 'completed' and new.response is not null and c.id = new.conversation_id`,
    )}
  end`,
];

export async function createSqliteSearchIndex(db: Kysely<unknown>): Promise<void> {
  await sql.raw(searchDocumentsTable('integer')).execute(db);
  for (const index of SEARCH_DOCUMENTS_INDEXES) await sql.raw(index).execute(db);
  await sql`
    create virtual table search_fts using fts5(
      owner, text, answer,
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  // Existing chats first, then the triggers that keep them in step from now on.
  for (const statement of [...searchDocumentsInserts('1 = 1', OWNER('c')), ...ftsInserts('1 = 1')])
    await sql.raw(statement).execute(db);
  for (const trigger of TRIGGERS) await sql.raw(trigger).execute(db);
}

export async function dropSqliteSearchIndex(db: Kysely<unknown>): Promise<void> {
  for (const trigger of TRIGGERS) {
    const name = /create trigger (\w+)/.exec(trigger)?.[1];
    if (name !== undefined) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
  await sql`drop table search_fts`.execute(db);
  await sql`drop table search_documents`.execute(db);
}
