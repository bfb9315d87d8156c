import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';
import { MARK, PREFIXES, TSV } from './0115-search-turn-end.postgres-prefixes';

// PostgreSQL: the same tsvectors, computed for a third of the work. 0115's search_tsv was a SQL
// function that PostgreSQL inlines, and inlining put the document's tsvector expression in
// both places that used it (`v || search_prefixes(v)`): every text was folded and parsed twice,
// and its prefixes built from a third copy. As PL/pgSQL it is computed once. The prefix
// lexemes lose their `distinct`: array_to_tsvector already sorts and deduplicates, and the
// extra sort was a third of search_prefixes' time. Same output for every text, so neither the
// stored tsvectors nor the GIN index change. Measured in BENCHMARKS.md (History search).

const TSV_ONCE = `create or replace function search_tsv(t text) returns tsvector
  language plpgsql immutable parallel safe as $$
  declare v tsvector := to_tsvector('simple', search_fold(coalesce(t, '')));
  begin
    return v || search_prefixes(v);
  end $$`;

export const PREFIXES_UNSORTED = `create or replace function search_prefixes(v tsvector) returns tsvector
  language sql immutable parallel safe as $$
  select coalesce(array_to_tsvector(array(
    select '${MARK}' || left(l, n) from unnest(tsvector_to_array(v)) l, generate_series(2, 4) n
    where char_length(l) >= n)), ''::tsvector) $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const statement of [PREFIXES_UNSORTED, TSV_ONCE]) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const statement of [PREFIXES, TSV(true)]) await sql.raw(statement).execute(db);
}
