import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';
import { CONVERSATION_FUNCTION } from './0100-search-index.postgres';
import { OWNER, PLACEHOLDER_TITLE, searchDocumentsInserts } from './0100-search-index.documents';
import { MARK } from './0115-search-turn-end.postgres-prefixes';
import { postgresMessageFunction } from './0115-search-turn-end';
import { PREFIXES_UNSORTED } from './0230-search-tsv-once';

// PostgreSQL: the index triggers do a turn's indexing in one planned statement instead of
// about fourteen, most of them planned afresh each time (profiles of the send path):
// - A PL/pgSQL statement keeps a generic plan only when it costs no more than the custom plans
//   made for its first runs; statements that tested NEW's fields in their WHERE clauses
//   (`select … where new.status = 'completed'`) folded to much cheaper custom plans, so every
//   turn planned them again. NEW is now tested in IF branches; each statement only takes values.
// - search_prefixes was a SQL function too complex to inline, and such a function parses and
//   plans its query on every call from PL/pgSQL; as PL/pgSQL its plan is kept. search_fold was
//   declared immutable around unaccent(), which is stable, so it was not inlined either:
//   declared stable (what it is), it is inlined into search_tsv and search_query.
// - A completed turn's two documents are one INSERT, owner lookup included; a running turn's
//   insert and a chat's unrelated updates no longer call a trigger function (WHEN clauses).
// - The documents' foreign keys checked, on every insert, that the chat and turn the trigger
//   had just read exist: one more statement per document. Deleting a chat or turn removes its
//   documents through statement triggers instead, as the cascades did.
// Same documents and tsvectors as before (0240-search-triggers-plan-once.test.ts); measured in
// BENCHMARKS.md (History search, send path).

const RUNNING = `('pending', 'streaming')`;

const PREFIXES = `create or replace function search_prefixes(v tsvector) returns tsvector
  language plpgsql immutable parallel safe as $$
  begin
    return coalesce(array_to_tsvector(array(
      select '${MARK}' || left(l, n) from unnest(tsvector_to_array(v)) l, generate_series(2, 4) n
      where char_length(l) >= n)), ''::tsvector);
  end $$`;

/** The columns of a document and, from conversation c and NEW, their values but kind and text. */
const DOCUMENT_COLUMNS = 'kind, owner_key, conversation_id, message_id, created_at, tsv';
const INDEXED_CHAT = `c.id = new.conversation_id and c.search_excluded = 0
      and coalesce(c.user_id, c.visitor_id) is not null`;
// A turn that was running when 0115 came in got its message's document when it was inserted.
const NO_MESSAGE_DOCUMENT = `not exists (select 1 from search_documents s
        where s.message_id = new.id and s.kind = 'message')`;

/** 0115's rule: a user message is indexed when its turn ends, an answer when it completes. */
const MESSAGE_FUNCTION = `create or replace function search_message_changed() returns trigger
  language plpgsql as $$
  declare
    index_message boolean := coalesce(new.status not in ${RUNNING}
      and (tg_op = 'INSERT' or old.status in ${RUNNING}), false);
    index_answer boolean := coalesce(new.status = 'completed' and new.response is not null
      and (tg_op = 'INSERT' or old.status is distinct from 'completed'
        or new.response is distinct from old.response), false);
  begin
    if tg_op = 'UPDATE' and new.content is distinct from old.content then
      update search_documents set tsv = search_tsv(new.content)
      where message_id = new.id and kind = 'message';
    end if;
    if tg_op = 'UPDATE' and old.status = 'completed' then
      delete from search_documents where message_id = new.id and kind = 'answer';
    end if;
    if index_message and index_answer then
      insert into search_documents (${DOCUMENT_COLUMNS})
      select d.kind, ${OWNER('c')}, c.id, new.id, new.created_at, search_tsv(d.text)
      from conversations c,
        (values (1, 'message', new.content), (2, 'answer', new.response)) d (n, kind, text)
      where ${INDEXED_CHAT} and (d.n = 2 or ${NO_MESSAGE_DOCUMENT})
      order by d.n;
    elsif index_message then
      insert into search_documents (${DOCUMENT_COLUMNS})
      select 'message', ${OWNER('c')}, c.id, new.id, new.created_at, search_tsv(new.content)
      from conversations c where ${INDEXED_CHAT} and ${NO_MESSAGE_DOCUMENT};
    elsif index_answer then
      insert into search_documents (${DOCUMENT_COLUMNS})
      select 'answer', ${OWNER('c')}, c.id, new.id, new.created_at, search_tsv(new.response)
      from conversations c where ${INDEXED_CHAT};
    end if;
    return null;
  end $$`;

/** 0100's conversation function with its rename branch taking NEW's values. */
const CONVERSATION_FUNCTION_PLANNED = `create or replace function search_conversation_changed()
  returns trigger language plpgsql as $$
  declare
    indexed boolean := new.search_excluded = 0
      and coalesce(new.user_id, new.visitor_id) is not null;
  begin
    if tg_op = 'INSERT' then
      if indexed and new.title <> ${PLACEHOLDER_TITLE} then
        insert into search_documents (kind, owner_key, conversation_id, created_at, tsv)
        values ('title', ${OWNER('new')}, new.id, new.created_at, search_tsv(new.title));
      end if;
    elsif new.user_id is distinct from old.user_id or new.visitor_id is distinct from old.visitor_id
      or new.search_excluded is distinct from old.search_excluded then
      -- Claimed by an account, or put into or out of the vault: its documents afresh.
      delete from search_documents where conversation_id = new.id and kind <> 'knowledge';
      ${searchDocumentsInserts('c.id = new.id', OWNER('c'), (text) => `search_tsv(${text})`)
        .map((s) => `${s};`)
        .join('\n')}
    elsif new.title is distinct from old.title then
      -- The placeholder title is never indexed: a chat named for the first time has nothing to drop.
      if old.title <> ${PLACEHOLDER_TITLE} then
        delete from search_documents where conversation_id = new.id and kind = 'title';
      end if;
      if indexed and new.title <> ${PLACEHOLDER_TITLE} then
        insert into search_documents (kind, owner_key, conversation_id, created_at, tsv)
        values ('title', ${OWNER('new')}, new.id, new.created_at, search_tsv(new.title));
      end if;
    end if;
    return null;
  end $$`;

const CONVERSATION_CHANGES = `new.title is distinct from old.title
      or new.user_id is distinct from old.user_id or new.visitor_id is distinct from old.visitor_id
      or new.search_excluded is distinct from old.search_excluded`;

/** The triggers that call the functions, with WHEN clauses (`planned`) or 0100/0115's. */
const CALLING_TRIGGERS = (planned: boolean) => [
  'drop trigger search_message_insert on messages',
  `create trigger search_message_insert after insert on messages
    for each row when (new.conversation_id is not null${planned ? ` and new.status not in ${RUNNING}` : ''})
    execute function search_message_changed()`,
  'drop trigger search_conversation_insert on conversations',
  `create trigger search_conversation_insert after insert on conversations
    for each row ${planned ? `when (new.title <> ${PLACEHOLDER_TITLE})` : ''}
    execute function search_conversation_changed()`,
  'drop trigger search_conversation_update on conversations',
  `create trigger search_conversation_update
    after update of title, user_id, visitor_id, search_excluded on conversations
    for each row ${planned ? `when (${CONVERSATION_CHANGES})` : ''}
    execute function search_conversation_changed()`,
];

/** Deleting chats or turns deletes their documents (what the foreign keys' cascades did). */
const FORGET = (table: 'conversations' | 'messages', column: string) => [
  `create function search_forget_${table}() returns trigger language plpgsql as $$
  begin
    delete from search_documents where ${column} in (select id from gone);
    return null;
  end $$`,
  `create trigger search_forget_${table} after delete on ${table}
    referencing old table as gone for each statement execute function search_forget_${table}()`,
];

const FOREIGN_KEYS: ReadonlyArray<[column: string, table: 'conversations' | 'messages']> = [
  ['conversation_id', 'conversations'],
  ['message_id', 'messages'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const statement of [
    PREFIXES,
    MESSAGE_FUNCTION,
    CONVERSATION_FUNCTION_PLANNED,
    'alter function search_fold(text) stable',
    ...CALLING_TRIGGERS(true),
    ...FOREIGN_KEYS.flatMap(([column, table]) => [
      `alter table search_documents drop constraint search_documents_${column}_fkey`,
      ...FORGET(table, column),
    ]),
  ])
    await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const statement of [
    PREFIXES_UNSORTED,
    postgresMessageFunction(true),
    CONVERSATION_FUNCTION.replace('create function', 'create or replace function'),
    'alter function search_fold(text) immutable',
    ...CALLING_TRIGGERS(false),
    ...FOREIGN_KEYS.flatMap(([column, table]) => [
      `drop trigger search_forget_${table} on ${table}`,
      `drop function search_forget_${table}()`,
      // Documents whose chat or turn went while there was no key would refuse it.
      `delete from search_documents d where d.${column} is not null
        and not exists (select 1 from ${table} t where t.id = d.${column})`,
      `alter table search_documents add constraint search_documents_${column}_fkey
        foreign key (${column}) references ${table}(id) on delete cascade`,
    ]),
  ])
    await sql.raw(statement).execute(db);
}
