import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';
import {
  addPostgresPrefixes,
  dropPostgresPrefixes,
} from './0115-search-turn-end.postgres-prefixes';

// A user's message is indexed when its turn ends (completed, cancelled or failed), in the
// same statement that indexes the completed answer, rather than when the turn is inserted.
// Why: every transaction that writes FTS5 flushes a new index segment (and merges), so a send
// that indexed its message and then its answer paid that twice; one write per turn is what
// brings the send path's cost near the goal (BENCHMARKS.md, History search). A turn is
// unsearchable only while it runs. Turns inserted already finished (imports) are indexed at
// once, as before. PostgreSQL follows the same rule so both backends answer alike.
// Turns running when this migration runs keep the document they already have (the new
// triggers add one only where none exists).
// SQLite's FTS5 table is rebuilt with prefix indexes for prefixes of 2 to 4 characters: a word
// still being typed otherwise makes FTS5 merge the posting lists of every word starting with
// it, over every owner's rows, before it can intersect them with the owner's (a common word's
// prefix: 90 ms on 1M messages; with the prefix index 0.3 ms). Longer prefixes are looked up
// by their first 4 characters (search.repository.ts): each indexed length costs every write
// (lengths 2-6 cost a send 0.2 ms more than none, 2-4 under 0.1 ms). detail=column (no word
// positions: nothing here asks for phrases) keeps the index smaller. PostgreSQL's counterpart,
// word beginnings as lexemes, is in 0115-search-turn-end.postgres-prefixes.ts.

const RUNNING = `('pending', 'streaming')`;

const OWNER = (row: string) =>
  `case when ${row}.user_id is not null then 'u:' || ${row}.user_id else 'v:' || ${row}.visitor_id end`;

/** SQLite: the message document of turn `new`, unless it has one or its chat is not indexed. */
const SQLITE_MESSAGE_DOCUMENT = `
    insert into search_documents (kind, owner_key, conversation_id, message_id, created_at)
      select 'message', ${OWNER('c')}, c.id, new.id, new.created_at from conversations c
      where c.id = new.conversation_id and c.search_excluded = 0
        and coalesce(c.user_id, c.visitor_id) is not null
        and not exists (select 1 from search_documents
          where message_id = new.id and kind = 'message');
    insert into search_fts (rowid, owner, text)
      select last_insert_rowid(), hex(${OWNER('c')}), new.content from conversations c
      where changes() > 0 and c.id = new.conversation_id;`;

const SQLITE_FTS = (options: string) => [
  'drop table search_fts',
  `create virtual table search_fts using fts5(
    owner, text, answer,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2'${options})`,
  `insert into search_fts (rowid, owner, text)
    select d.id, hex(d.owner_key), c.title from search_documents d
    join conversations c on c.id = d.conversation_id where d.kind = 'title'`,
  `insert into search_fts (rowid, owner, text)
    select d.id, hex(d.owner_key), m.content from search_documents d
    join messages m on m.id = d.message_id where d.kind = 'message'`,
  `insert into search_fts (rowid, owner, answer)
    select d.id, hex(d.owner_key), m.response from search_documents d
    join messages m on m.id = d.message_id where d.kind = 'answer'`,
  `insert into search_fts (rowid, owner, text)
    select d.id, hex(d.owner_key), d.body from search_documents d where d.kind = 'knowledge'`,
];

const SQLITE_UP = [
  ...SQLITE_FTS(`, prefix = '2 3 4', detail = column`),
  'drop trigger search_message_insert',
  `create trigger search_message_insert after insert on messages
  when new.conversation_id is not null and new.status not in ${RUNNING} begin
    ${SQLITE_MESSAGE_DOCUMENT}
  end`,
  `create trigger search_message_turn_end after update of status on messages
  when new.conversation_id is not null and old.status in ${RUNNING}
    and new.status not in ${RUNNING} begin
    ${SQLITE_MESSAGE_DOCUMENT}
  end`,
];

/** 0100's trigger: every inserted turn's message at once. */
const SQLITE_DOWN = [
  ...SQLITE_FTS(''),
  'drop trigger search_message_turn_end',
  'drop trigger search_message_insert',
  `create trigger search_message_insert after insert on messages
  when new.conversation_id is not null begin
    insert into search_documents (kind, owner_key, conversation_id, message_id, created_at)
      select 'message', ${OWNER('c')}, c.id, new.id, new.created_at from conversations c
      where c.id = new.conversation_id and c.search_excluded = 0
        and coalesce(c.user_id, c.visitor_id) is not null;
    insert into search_fts (rowid, owner, text)
      select d.id, hex(d.owner_key), new.content from search_documents d
      where d.message_id = new.id and d.kind = 'message';
  end`,
];

/** PostgreSQL's message trigger function; `deferred` is this migration's rule, else 0100's. */
export function postgresMessageFunction(deferred: boolean): string {
  const messageWhen = deferred
    ? `new.status not in ${RUNNING} and (tg_op = 'INSERT' or (old.status in ${RUNNING}
         and not exists (select 1 from search_documents
           where message_id = new.id and kind = 'message')))`
    : `tg_op = 'INSERT'`;
  return `create or replace function search_message_changed() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE' and new.content is distinct from old.content then
      update search_documents set tsv = search_tsv(new.content)
      where message_id = new.id and kind = 'message';
    end if;
    if tg_op = 'UPDATE' and old.status = 'completed' then
      delete from search_documents where message_id = new.id and kind = 'answer';
    end if;
    insert into search_documents (kind, owner_key, conversation_id, message_id, created_at, tsv)
    select doc.kind, ${OWNER('c')}, c.id, new.id, new.created_at, search_tsv(doc.text)
    from conversations c,
      (select 'message' as kind, new.content as text where ${messageWhen}
       union all
       select 'answer', new.response where new.status = 'completed' and new.response is not null
         and (tg_op = 'INSERT' or old.status is distinct from 'completed'
           or new.response is distinct from old.response)) doc
    where c.id = new.conversation_id and c.search_excluded = 0
      and coalesce(c.user_id, c.visitor_id) is not null;
    return null;
  end $$`;
}

function postgresUpdateTrigger(deferred: boolean): string[] {
  const turnEnd = deferred ? `or (old.status in ${RUNNING} and new.status not in ${RUNNING})` : '';
  return [
    'drop trigger search_message_update on messages',
    `create trigger search_message_update after update of content, status, response on messages
    for each row when (new.content is distinct from old.content
      or (new.status = 'completed'
        and (old.status is distinct from 'completed' or new.response is distinct from old.response))
      or (old.status = 'completed' and new.status is distinct from 'completed')
      ${turnEnd})
    execute function search_message_changed()`,
  ];
}

async function run(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await run(db, [postgresMessageFunction(true), ...postgresUpdateTrigger(true)]);
    await addPostgresPrefixes(db);
  } else await run(db, SQLITE_UP);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await dropPostgresPrefixes(db);
    await run(db, [postgresMessageFunction(false), ...postgresUpdateTrigger(false)]);
  } else await run(db, SQLITE_DOWN);
}
