import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ConversationKind, SearchHitKind } from '@parallax/contract';
import { dialectOf } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { newestMatches } from './search-candidates.postgres';
import { foldText, type SearchTerms } from './search-terms';

/** 'u:<user id>' or 'v:<visitor id>': how search_documents names an owner (migration 0100). */
export type SearchOwnerKey = `u:${string}` | `v:${string}`;

export interface SearchFilter {
  projectId?: string | undefined;
  provider?: string | undefined;
  model?: string | undefined;
  isFavourite?: boolean | undefined;
  kind?: SearchHitKind | undefined;
  conversationKind?: ConversationKind | undefined;
  /** ISO 8601 UTC, inclusive / exclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface RankedId {
  id: number;
  /** Higher is better. */
  rank: number;
}

export interface DocumentRow {
  id: number;
  kind: string;
  conversation_id: string | null;
  message_id: string | null;
  project_id: string | null;
  source_id: string | null;
  source_name: string | null;
  created_at: string;
  body: string | null;
  title: string | null;
  conversation_kind: string | null;
  conversation_project_id: string | null;
  content: string | null;
  response: string | null;
  status: string | null;
  provider: string | null;
  model: string | null;
}

export interface NewChunk {
  ownerKey: SearchOwnerKey;
  projectId: string;
  sourceId: string;
  sourceName: string;
  text: string;
  createdAt: string;
}

type Fragment = RawBuilder<unknown>;

/**
 * The most matches one search ranks: the newest ones. A rare word has fewer; a word in nearly
 * every text of a heavy user (100,000 of them) would otherwise have bm25 / ts_rank computed
 * for each on every keystroke (5,000 cost 100 ms p50 on SQLite with 300,000 messages on a busy
 * machine: BENCHMARKS.md). Paging stops at SEARCH_MAX_OFFSET (1,000) anyway.
 */
export const SEARCH_CANDIDATES = 1_000;

/**
 * The search index's SQL: ranking on FTS5 (SQLite) or tsvector (PostgreSQL), reading the
 * ranked documents back, and writing knowledge chunks. Chat documents are written by the
 * triggers of migration 0100, never here.
 */
export class SearchRepository {
  readonly #postgres: boolean;

  constructor(private readonly db: Kysely<Database>) {
    this.#postgres = dialectOf(db) === 'postgres';
  }

  /** PostgreSQL ranks in SQL (rank); SQLite hands back candidates for the service to rank. */
  get ranksInDatabase(): boolean {
    return this.#postgres;
  }

  /** PostgreSQL: the owner's matching documents, best first, `limit` after skipping `offset`. */
  async rank(
    owner: SearchOwnerKey,
    terms: SearchTerms,
    filter: SearchFilter,
    page: { limit: number; offset: number },
  ): Promise<RankedId[]> {
    const found = await newestMatches(this.db, {
      owner,
      query: tsQuery(terms),
      rankQuery: tsQuery(terms, 'search_rank_query'),
      joins: joinSql(joinsFor(filter)),
      conditions: filterConditions(filter),
      limit: SEARCH_CANDIDATES,
    });
    return found
      .sort((a, b) => b.rank - a.rank || b.id - a.id)
      .slice(page.offset, page.offset + page.limit)
      .map(({ id, rank }) => ({ id, rank }));
  }

  /**
   * SQLite: the owner's SEARCH_CANDIDATES newest matching documents, unranked. FTS5 walks its
   * posting lists backwards and stops; bm25() is left out on purpose (see search-rank.ts).
   * A last word longer than the prefix index serves (migration 0115) is looked up by its
   * indexed beginning, and the texts that really have a word starting with all of it are kept:
   * otherwise FTS5 merges the posting lists of every word starting with it, over every
   * owner's rows, first (a common word being typed: 90 ms on 1M messages). When that beginning
   * is much more common than the word, a few batches find too little and the plain query runs:
   * the words starting with the whole prefix are then rare, and merging them is cheap.
   */
  async candidates(
    owner: SearchOwnerKey,
    terms: SearchTerms,
    filter: SearchFilter,
  ): Promise<DocumentRow[]> {
    const last = terms.words.at(-1);
    if (!terms.prefixLast || last === undefined || [...last].length <= INDEXED_PREFIX_CHARS)
      return this.read(owner, await this.#ftsIds(owner, terms, filter));
    const indexed = {
      ...terms,
      words: [...terms.words.slice(0, -1), [...last].slice(0, INDEXED_PREFIX_CHARS).join('')],
    };
    const found: DocumentRow[] = [];
    let before: number | undefined;
    for (let batch = 0; batch < PREFIX_BATCHES; batch += 1) {
      const ids = await this.#ftsIds(owner, indexed, filter, before);
      const rows = (await this.read(owner, ids)).sort((a, b) => b.id - a.id);
      for (const row of rows)
        if (found.length < SEARCH_CANDIDATES && hasWordStarting(documentText(row), last))
          found.push(row);
      if (found.length >= SEARCH_CANDIDATES || ids.length < SEARCH_CANDIDATES) return found;
      before = ids.at(-1);
    }
    return this.read(owner, await this.#ftsIds(owner, terms, filter));
  }

  /** Ids of the owner's newest matching documents (below `before`), newest first. */
  async #ftsIds(
    owner: SearchOwnerKey,
    terms: SearchTerms,
    filter: SearchFilter,
    before?: number,
  ): Promise<number[]> {
    const columns =
      filter.kind === 'answer' ? 'answer' : filter.kind === undefined ? '{text answer}' : 'text';
    const joins = joinsFor(filter);
    const conditions = [
      sql`search_fts match ${ftsMatch(owner, terms, columns)}`,
      ...filterConditions(filter),
    ];
    if (before !== undefined) conditions.push(sql`search_fts.rowid < ${before}`);
    if (joins.documents) conditions.push(sql`d.owner_key = ${owner}`);
    const { rows } = await sql<{ id: number }>`
      select search_fts.rowid as id
      from search_fts ${joins.documents ? sql`join search_documents d on d.id = search_fts.rowid` : sql``}
      ${joinSql(joins)}
      where ${sql.join(conditions, sql` and `)}
      order by search_fts.rowid desc
      limit ${SEARCH_CANDIDATES}`.execute(this.db);
    return rows.map((r) => Number(r.id));
  }

  /** The given documents of the owner with what a hit shows (another owner's ids drop out). */
  async read(owner: SearchOwnerKey, ids: readonly number[]): Promise<DocumentRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('search_documents as d')
      .leftJoin('conversations as c', 'c.id', 'd.conversation_id')
      .leftJoin('messages as m', 'm.id', 'd.message_id')
      .select([
        'd.id',
        'd.kind',
        'd.conversation_id',
        'd.message_id',
        'd.project_id',
        'd.source_id',
        'd.source_name',
        'd.created_at',
        'd.body',
        'c.title',
        'c.kind as conversation_kind',
        'c.project_id as conversation_project_id',
        'm.content',
        'm.response',
        'm.status',
        'm.provider',
        'm.model',
      ])
      .where('d.owner_key', '=', owner)
      .where('d.id', 'in', [...ids])
      .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  /** Ids of the owner's conversations with a matching title or turn (among the newest matches), most recent first. */
  async conversationIds(owner: SearchOwnerKey, terms: SearchTerms, cap: number): Promise<string[]> {
    const matching = this.#postgres
      ? await newestMatches(this.db, {
          owner,
          query: tsQuery(terms),
          rankQuery: tsQuery(terms, 'search_rank_query'),
          joins: sql``,
          conditions: [],
          limit: SEARCH_CANDIDATES,
        })
      : await this.candidates(owner, terms, {});
    const latest = new Map<string, string>();
    for (const { conversation_id: id, created_at: at } of matching) {
      if (id === null) continue;
      const seen = latest.get(id);
      if (seen === undefined || at > seen) latest.set(id, at);
    }
    return [...latest]
      .sort(([, a], [, b]) => (a < b ? 1 : a > b ? -1 : 0))
      .slice(0, cap)
      .map(([id]) => id);
  }

  async insertChunks(chunks: readonly NewChunk[]): Promise<void> {
    for (const chunk of chunks) {
      const values = sql`${'knowledge'}, ${chunk.ownerKey}, ${chunk.projectId}, ${chunk.sourceId},
        ${chunk.sourceName}, ${chunk.createdAt}, ${chunk.text}`;
      if (this.#postgres) {
        await sql`insert into search_documents
            (kind, owner_key, project_id, source_id, source_name, created_at, body, tsv)
          values (${values}, search_tsv(${chunk.text}::text))`.execute(this.db);
      } else {
        const { rows } = await sql<{ id: number }>`insert into search_documents
            (kind, owner_key, project_id, source_id, source_name, created_at, body)
          values (${values}) returning id`.execute(this.db);
        const id = rows[0]?.id;
        await sql`insert into search_fts (rowid, owner, text)
          values (${id}, ${ownerToken(chunk.ownerKey)}, ${chunk.text})`.execute(this.db);
      }
    }
  }

  /** Removes a knowledge file's chunks (the FTS rows follow by trigger on SQLite). */
  async deleteChunks(owner: SearchOwnerKey, sourceId: string): Promise<number> {
    const result = await this.db
      .deleteFrom('search_documents')
      .where('owner_key', '=', owner)
      .where('source_id', '=', sourceId)
      .where('kind', '=', 'knowledge')
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/** The longest prefix FTS5 has an index for (migration 0115: prefix = '2 3 4'). */
const INDEXED_PREFIX_CHARS = 4;
/** Batches of SEARCH_CANDIDATES a long prefix reads through its indexed beginning. */
const PREFIX_BATCHES = 3;
const WORD = /[\p{L}\p{N}]+/gu;

function hasWordStarting(text: string, prefix: string): boolean {
  for (const [word] of foldText(text).matchAll(WORD)) if (word.startsWith(prefix)) return true;
  return false;
}

/** The text a document indexes, read back from its row. */
export function documentText(row: DocumentRow): string {
  if (row.kind === 'title') return row.title ?? '';
  if (row.kind === 'knowledge') return row.body ?? '';
  return (row.kind === 'answer' ? row.response : row.content) ?? '';
}

/** hex(owner_key) as SQLite's hex() writes it: one FTS token, whatever the id's characters. */
function ownerToken(owner: SearchOwnerKey): string {
  return Buffer.from(owner, 'utf8').toString('hex').toUpperCase();
}

/**
 * An FTS5 query naming the owner and the words. Words are letters and digits only
 * (search-terms.ts), so quoting them makes each a plain term whatever it spells (OR, NEAR).
 */
function ftsMatch(owner: SearchOwnerKey, terms: SearchTerms, columns: string): string {
  const last = terms.words.length - 1;
  const words = terms.words.map((w, i) => `"${w}"${terms.prefixLast && i === last ? '*' : ''}`);
  return `owner : "${ownerToken(owner)}" AND ${columns} : (${words.join(terms.anyWord ? ' OR ' : ' AND ')})`;
}

/** search_query matches (prefix lexemes, migration 0115); search_rank_query is what ts_rank scores. */
function tsQuery(
  terms: SearchTerms,
  fn: 'search_query' | 'search_rank_query' = 'search_query',
): Fragment {
  return sql`${sql.raw(fn)}(${[...terms.words]}::text[], ${terms.prefixLast}, ${terms.anyWord})`;
}

interface Joins {
  documents: boolean;
  conversations: boolean;
  messages: boolean;
}

function joinsFor(filter: SearchFilter): Joins {
  const conversations =
    filter.projectId !== undefined ||
    filter.isFavourite !== undefined ||
    filter.conversationKind !== undefined;
  const messages = filter.provider !== undefined || filter.model !== undefined;
  const documents =
    conversations ||
    messages ||
    filter.kind !== undefined ||
    filter.from !== undefined ||
    filter.to !== undefined;
  return { documents, conversations, messages };
}

function joinSql(joins: Joins): Fragment {
  return sql.join(
    [
      joins.conversations ? sql`left join conversations c on c.id = d.conversation_id` : sql``,
      joins.messages ? sql`join messages m on m.id = d.message_id` : sql``,
    ],
    sql` `,
  );
}

function filterConditions(filter: SearchFilter): Fragment[] {
  return [
    filter.kind === undefined ? undefined : sql`d.kind = ${filter.kind}`,
    filter.from === undefined ? undefined : sql`d.created_at >= ${filter.from}`,
    filter.to === undefined ? undefined : sql`d.created_at < ${filter.to}`,
    filter.projectId === undefined
      ? undefined
      : sql`coalesce(c.project_id, d.project_id) = ${filter.projectId}`,
    filter.isFavourite === undefined
      ? undefined
      : sql`c.is_favourite = ${filter.isFavourite ? 1 : 0}`,
    filter.conversationKind === undefined ? undefined : sql`c.kind = ${filter.conversationKind}`,
    filter.provider === undefined ? undefined : sql`m.provider = ${filter.provider}`,
    filter.model === undefined ? undefined : sql`m.model = ${filter.model}`,
  ].filter((c): c is Fragment => c !== undefined);
}
