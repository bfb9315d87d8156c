import { sql, type Kysely } from 'kysely';

// PostgreSQL's answer to FTS5's prefix index: every document's tsvector also holds the 2-, 3-
// and 4-character beginnings of its words as lexemes marked with `~` (`~ma`, `~mar`, `~maro`),
// which no text can produce (search_fold turns every non-letter into a space). A word being
// typed of 2-4 characters is then one exact lexeme: the GIN index intersects its posting list
// with the owner's, instead of collecting every owner's postings of every word with that
// beginning (a 4-letter prefix of 5 % of one owner's texts: 38 ms p50 / 67-174 ms p95 on 1M
// messages, BENCHMARKS.md). A longer word being typed adds its 4-character beginning to the
// `:*` match, which then only re-checks rows. Existing documents get their beginnings from
// their own tsvector (no text is read again); the GIN index is rebuilt after, which is faster
// than updating it row by row.

export const MARK = '~';

export const PREFIXES = `create or replace function search_prefixes(v tsvector) returns tsvector
  language sql immutable parallel safe as $$
  select coalesce(array_to_tsvector(array(
    select distinct '${MARK}' || left(l, n) from unnest(tsvector_to_array(v)) l, generate_series(2, 4) n
    where char_length(l) >= n)), ''::tsvector) $$`;

export const TSV = (
  withPrefixes: boolean,
) => `create or replace function search_tsv(t text) returns tsvector
  language sql immutable parallel safe as $$
  ${
    withPrefixes
      ? `select v || search_prefixes(v) from (select to_tsvector('simple', search_fold(coalesce(t, ''))) as v) w`
      : `select to_tsvector('simple', search_fold(coalesce(t, '')))`
  } $$`;

/**
 * 0100's search_query, and with prefixes: a last word of 2-4 characters is its `~` lexeme.
 * The `~` lexemes have no positions, so ts_rank scores them as almost nothing: ranking uses
 * search_rank_query, 0100's form (the typed word as `word:*`).
 */
const QUERY = (withPrefixes: boolean, name = 'search_query') => `create or replace function ${name}(
    terms text[], prefix_last boolean, any_word boolean)
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
      q := q || case when q = '' then '' when any_word then ' | ' else ' & ' end || ${
        withPrefixes
          ? `case
          when not (prefix_last and i = n) then quote_literal(w)
          when char_length(w) between 2 and 4 then quote_literal('${MARK}' || w)
          when char_length(w) > 4 then '(' || quote_literal('${MARK}' || left(w, 4)) || ' & '
            || quote_literal(w) || ':*)'
          else quote_literal(w) || ':*' end`
          : `quote_literal(w)
        || case when prefix_last and i = n then ':*' else '' end`
      };
    end loop;
    if q = '' then return null; end if;
    return q::tsquery;
  end $$`;

async function rebuildGin(db: Kysely<unknown>, update: string): Promise<void> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_extension where extname = 'btree_gin'`.execute(db);
  await sql`drop index search_documents_tsv_idx`.execute(db);
  await sql.raw(update).execute(db);
  await sql
    .raw(
      rows[0]?.n
        ? 'create index search_documents_tsv_idx on search_documents using gin (owner_key, tsv)'
        : 'create index search_documents_tsv_idx on search_documents using gin (tsv)',
    )
    .execute(db);
}

export async function addPostgresPrefixes(db: Kysely<unknown>): Promise<void> {
  for (const statement of [PREFIXES, TSV(true), QUERY(true), QUERY(false, 'search_rank_query')])
    await sql.raw(statement).execute(db);
  await rebuildGin(db, 'update search_documents set tsv = tsv || search_prefixes(tsv)');
}

export async function dropPostgresPrefixes(db: Kysely<unknown>): Promise<void> {
  for (const statement of [TSV(false), QUERY(false)]) await sql.raw(statement).execute(db);
  await rebuildGin(
    db,
    `update search_documents set tsv = ts_delete(tsv, array(
      select l from unnest(tsvector_to_array(tsv)) l where l like '${MARK}%'))`,
  );
  await sql`drop function search_prefixes(tsvector)`.execute(db);
  await sql`drop function search_rank_query(text[], boolean, boolean)`.execute(db);
}
