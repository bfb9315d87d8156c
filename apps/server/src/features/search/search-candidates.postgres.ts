import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';

/** A candidate document with its ts_rank (higher is better). */
export interface RankedCandidate {
  id: number;
  rank: number;
  conversation_id: string | null;
  created_at: string;
}

/** The newest documents a first look reads: enough to tell a common word from a rare one. */
export const PROBE_WINDOW = 2_000;
/**
 * The most of an owner's newest documents a walk reads: about 2 µs each (an index-only scan
 * for the ids, then each row by its key), 40 ms at this size; past it the GIN index is faster.
 */
export const MAX_WALK_WINDOW = 20_000;

export interface CandidateQuery {
  owner: string;
  query: RawBuilder<unknown>;
  /** The query ts_rank scores with (the match's `~` prefix lexemes have no positions). */
  rankQuery: RawBuilder<unknown>;
  /** Joins on alias d (the documents) and the conditions on them, beside the text match. */
  joins: RawBuilder<unknown>;
  conditions: RawBuilder<unknown>[];
  limit: number;
}

/**
 * The owner's `limit` newest documents matching the query, with their ts_rank (PostgreSQL).
 *
 * Which plan is fast depends on how many of the owner's documents match, which PostgreSQL's
 * planner misjudges (a prefix query's estimate is a guess; an owner's share of the table
 * ignores that one owner can hold a tenth of it): it walked the whole table backwards for
 * a 4-letter prefix (330 ms on 1M messages, BENCHMARKS.md). So the choice is made here:
 * - a common word is found by walking the owner's newest documents (owner_key, id) and
 *   testing each: 1,000 matches within a few thousand rows;
 * - a rare word or prefix is found through the GIN index over (owner_key, tsv), then sorted.
 * A first look at the newest PROBE_WINDOW documents measures the share that matches; it
 * settles small owners and common words outright, and tells how far a walk would go.
 */
export async function newestMatches(
  db: Kysely<Database>,
  q: CandidateQuery,
): Promise<RankedCandidate[]> {
  return (await findNewest(db, q)).found;
}

export type CandidatePlan = 'probe' | 'walk' | 'index';

/** newestMatches, saying which way it went (tests pass small windows to reach each). */
export async function findNewest(
  db: Kysely<Database>,
  q: CandidateQuery,
  windows = { probe: PROBE_WINDOW, maxWalk: MAX_WALK_WINDOW },
): Promise<{ found: RankedCandidate[]; plan: CandidatePlan }> {
  const probe = await walk(db, q, windows.probe);
  if (probe.found.length >= q.limit || probe.scanned < windows.probe)
    return { found: probe.found, plan: 'probe' };
  const share = probe.found.length / windows.probe;
  const window = share === 0 ? Infinity : Math.ceil((q.limit / share) * 1.3);
  if (window <= windows.maxWalk) {
    const walked = await walk(db, q, window);
    if (walked.found.length >= q.limit || walked.scanned < window)
      return { found: walked.found, plan: 'walk' };
  }
  return { found: await throughIndex(db, q), plan: 'index' };
}

const RANKED = (q: CandidateQuery) =>
  sql`d.id, ts_rank(d.tsv, ${q.rankQuery}) as rank, d.conversation_id, d.created_at`;

interface Found {
  id: string | number;
  rank: number;
  conversation_id: string | null;
  created_at: string;
}

const toCandidates = (rows: Found[]): RankedCandidate[] =>
  rows.map((r) => ({ ...r, id: Number(r.id), rank: Number(r.rank) }));

/** The matches among the owner's `window` newest documents, and how many there were. */
async function walk(
  db: Kysely<Database>,
  q: CandidateQuery,
  window: number,
): Promise<{ found: RankedCandidate[]; scanned: number }> {
  // The ids come from (owner_key, id) alone (an index-only scan): PostgreSQL otherwise walks
  // the primary key backwards over every owner's rows, expecting the owner's to be spread evenly.
  const { rows } = await sql<Found & { scanned: string | null }>`
    with newest as materialized (
      select id from search_documents where owner_key = ${q.owner}
      order by id desc limit ${window})
    select ${RANKED(q)}, (select count(*) from newest) as scanned
    from newest n join search_documents d on d.id = n.id ${q.joins}
    where ${sql.join([sql`d.tsv @@ ${q.query}`, ...q.conditions], sql` and `)}
    order by d.id desc
    limit ${q.limit}`.execute(db);
  // With no match the count is not in a row: the window is then asked for alone.
  const scanned =
    rows[0]?.scanned ??
    (
      await sql<{ scanned: string }>`select count(*) as scanned from (
        select 1 from search_documents where owner_key = ${q.owner} limit ${window}) w`.execute(db)
    ).rows[0]?.scanned;
  return { found: toCandidates(rows), scanned: Number(scanned ?? 0) };
}

/** `id + 0`: an order no index gives, so the plan is the GIN index's bitmap, then a sort. */
async function throughIndex(db: Kysely<Database>, q: CandidateQuery): Promise<RankedCandidate[]> {
  // A prefix matches many index entries; with the default work_mem their bitmap turns lossy and
  // every row of a matching page is read and tested again.
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('work_mem', '32MB', true)`.execute(trx);
    return toCandidates(
      (
        await sql<Found>`
    select ${RANKED(q)}
    from search_documents d ${q.joins}
    where ${sql.join([sql`d.owner_key = ${q.owner}`, sql`d.tsv @@ ${q.query}`, ...q.conditions], sql` and `)}
    order by d.id + 0 desc
    limit ${q.limit}`.execute(trx)
      ).rows,
    );
  });
}
