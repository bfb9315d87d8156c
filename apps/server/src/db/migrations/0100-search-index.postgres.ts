import { sql, type Kysely } from 'kysely';
import {
  OWNER,
  PLACEHOLDER_TITLE,
  SEARCH_DOCUMENTS_INDEXES,
  searchDocumentsInserts,
  searchDocumentsTable,
} from './0100-search-index.documents';

// PostgreSQL: search_documents.tsv is the document's tsvector ('simple' configuration: no
// stemming, no stop words, like FTS5's unicode61). A GIN index
// over (owner_key, tsv) — btree_gin makes the text column GIN-indexable — answers "this
// owner's documents matching these words" from one index.
// Texts are folded by search_fold(): punctuation to spaces (the same words FTS5 sees: `e.g.`
// or `example.com` are two words, not one host token), lower case, and accents removed with
// the unaccent extension. Where unaccent cannot be installed (no privilege), a translate()
// over Latin-1 and Latin Extended-A letters stands in; other scripts then keep their marks.
// Deletes need no trigger: both document references cascade.

const TSV = (text: string) => `search_tsv(${text})`;

const ACCENTED =
  'ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćĈĉĊċČčĎďÈÉÊËèéêëĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥÌÍÎÏìíîïĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľÑñŃńŅņŇňÒÓÔÕÖòóôõöŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲųŴŵÝýÿŶŷŸŹźŻżŽž';
const UNACCENTED =
  'AAAAAAaaaaaaAaAaAaCcCcCcCcCcDdEEEEeeeeEeEeEeEeEeGgGgGgGgHhIIIIiiiiIiIiIiIiIJjKkLlLlLlNnNnNnNnOOOOOoooooOoOoOoRrRrRrSsSsSsSsTtTtUUUUuuuuUuUuUuUuUuUuWwYyyYyYZzZzZz';

/** Prepared text: at most 200,000 characters (a tsvector holds at most 1 MB). */
const PREPARED = `regexp_replace(left(t, 200000), '[^[:alnum:]]+', ' ', 'g')`;

/** The conversation trigger's function (0240 replaces it; its down restores this). */
export const CONVERSATION_FUNCTION = `create function search_conversation_changed() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      if new.search_excluded = 0 and coalesce(new.user_id, new.visitor_id) is not null
        and new.title <> ${PLACEHOLDER_TITLE} then
        insert into search_documents (kind, owner_key, conversation_id, created_at, tsv)
        values ('title', ${OWNER('new')}, new.id, new.created_at, search_tsv(new.title));
      end if;
    elsif new.user_id is distinct from old.user_id or new.visitor_id is distinct from old.visitor_id
      or new.search_excluded is distinct from old.search_excluded then
      -- Claimed by an account, or put into or out of the vault: its documents afresh.
      delete from search_documents where conversation_id = new.id and kind <> 'knowledge';
      ${searchDocumentsInserts('c.id = new.id', OWNER('c'), TSV)
        .map((s) => `${s};`)
        .join('\n')}
    elsif new.title is distinct from old.title then
      delete from search_documents where conversation_id = new.id and kind = 'title';
      ${searchDocumentsInserts('c.id = new.id', OWNER('c'), TSV)[0] ?? ''};
    end if;
    return null;
  end $$`;

const FUNCTIONS = (hasUnaccent: boolean) => [
  `create function search_fold(t text) returns text language sql immutable parallel safe as $$
    select lower(${
      hasUnaccent
        ? `unaccent('unaccent'::regdictionary, ${PREPARED})`
        : `translate(${PREPARED}, '${ACCENTED}', '${UNACCENTED}')`
    }) $$`,
  `create function search_tsv(t text) returns tsvector language sql immutable parallel safe as $$
    select to_tsvector('simple', search_fold(coalesce(t, ''))) $$`,
  // Words come from the server's own tokeniser (letters and digits only); each is folded like
  // the documents and written as a quoted lexeme, so no input can be tsquery syntax. Every
  // word must match, or (any_word: knowledge retrieval for a whole message) any of them.
  `create function search_query(terms text[], prefix_last boolean, any_word boolean)
  returns tsquery language plpgsql immutable parallel safe as $$
  declare
    q text := '';
    w text;
    i int := 0;
    n int := coalesce(array_length(terms, 1), 0);
  begin
    foreach w in array coalesce(terms, '{}'::text[]) loop
      i := i + 1;
      w := replace(search_fold(w), ' ', '');
      continue when w = '';
      q := q || case when q = '' then '' when any_word then ' | ' else ' & ' end || quote_literal(w)
        || case when prefix_last and i = n then ':*' else '' end;
    end loop;
    if q = '' then return null; end if;
    return q::tsquery;
  end $$`,
  CONVERSATION_FUNCTION,
  // One document per user message; its answer becomes a second one when it completes.
  `create function search_message_changed() returns trigger language plpgsql as $$
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
      (select 'message' as kind, new.content as text where tg_op = 'INSERT'
       union all
       select 'answer', new.response where new.status = 'completed' and new.response is not null
         and (tg_op = 'INSERT' or old.status is distinct from 'completed'
           or new.response is distinct from old.response)) doc
    where c.id = new.conversation_id and c.search_excluded = 0
      and coalesce(c.user_id, c.visitor_id) is not null;
    return null;
  end $$`,
];

const TRIGGERS = [
  `create trigger search_conversation_insert after insert on conversations
    for each row execute function search_conversation_changed()`,
  `create trigger search_conversation_update
    after update of title, user_id, visitor_id, search_excluded on conversations
    for each row execute function search_conversation_changed()`,
  `create trigger search_message_insert after insert on messages
    for each row when (new.conversation_id is not null) execute function search_message_changed()`,
  // Streaming writes partial responses with status 'streaming': only completion (or a
  // completed answer changing or going away) touches the index.
  `create trigger search_message_update after update of content, status, response on messages
    for each row when (new.content is distinct from old.content
      or (new.status = 'completed'
        and (old.status is distinct from 'completed' or new.response is distinct from old.response))
      or (old.status = 'completed' and new.status is distinct from 'completed'))
    execute function search_message_changed()`,
];

/** Creates an extension if this role may; false (and nothing changed) when it may not. */
async function tryExtension(db: Kysely<unknown>, name: 'unaccent' | 'btree_gin'): Promise<boolean> {
  // The migration runs in a transaction: a refused statement must not abort it.
  await sql.raw(`savepoint search_${name}`).execute(db);
  try {
    await sql.raw(`create extension if not exists ${name}`).execute(db);
    await sql.raw(`release savepoint search_${name}`).execute(db);
    return true;
  } catch {
    await sql.raw(`rollback to savepoint search_${name}`).execute(db);
    return false;
  }
}

export async function createPostgresSearchIndex(db: Kysely<unknown>): Promise<void> {
  const hasUnaccent = await tryExtension(db, 'unaccent');
  const hasBtreeGin = await tryExtension(db, 'btree_gin');
  await sql.raw(searchDocumentsTable('bigserial', ', tsv tsvector not null')).execute(db);
  for (const fn of FUNCTIONS(hasUnaccent)) await sql.raw(fn).execute(db);
  for (const statement of searchDocumentsInserts('true', OWNER('c'), TSV))
    await sql.raw(statement).execute(db);
  // Built after the backfill: one bulk build is much faster than a million GIN inserts.
  await sql
    .raw(
      hasBtreeGin
        ? 'create index search_documents_tsv_idx on search_documents using gin (owner_key, tsv)'
        : 'create index search_documents_tsv_idx on search_documents using gin (tsv)',
    )
    .execute(db);
  // A common word matches most of an owner's documents; walking this index newest first
  // finds the newest few thousand matches without reading the rest (search ranks only those).
  await sql`create index search_documents_owner_idx on search_documents (owner_key, id)`.execute(
    db,
  );
  for (const index of SEARCH_DOCUMENTS_INDEXES) await sql.raw(index).execute(db);
  for (const trigger of TRIGGERS) await sql.raw(trigger).execute(db);
}

export async function dropPostgresSearchIndex(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger search_conversation_insert on conversations`.execute(db);
  await sql`drop trigger search_conversation_update on conversations`.execute(db);
  await sql`drop trigger search_message_insert on messages`.execute(db);
  await sql`drop trigger search_message_update on messages`.execute(db);
  await sql`drop table search_documents`.execute(db);
  for (const fn of [
    'search_message_changed()',
    'search_conversation_changed()',
    'search_query(text[], boolean, boolean)',
    'search_tsv(text)',
    'search_fold(text)',
  ])
    await sql.raw(`drop function ${fn}`).execute(db);
}
