import { z } from 'zod';
import { Id, IsoTimestamp, ProviderName, QueryBoolean, limitQuery } from './common';
import { ConversationKind } from './conversations';

/**
 * GET /api/v1/search: message-level hits over the caller's own history (chat titles, their
 * messages, completed answers, comparison panels) and project knowledge chunks.
 * `q` is plain user text, never query syntax: quotes, `*`, `-`, `:`, `OR`, `NEAR` are words or
 * separators like any other character. The last word also matches as a prefix (typing).
 */

export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;
/** The longest `q` accepted; only its first SEARCH_MAX_TERMS words are searched. */
export const SEARCH_QUERY_MAX_CHARS = 10_000;
export const SEARCH_MAX_TERMS = 16;

/** What a hit's text is: a chat's title, a user's message, a completed answer, a knowledge chunk. */
export const SearchHitKind = z.enum(['title', 'message', 'answer', 'knowledge']);
export type SearchHitKind = z.infer<typeof SearchHitKind>;

export const SearchQuery = z.object({
  /** Empty (or only punctuation) finds nothing. */
  q: z.string().max(SEARCH_QUERY_MAX_CHARS).default(''),
  limit: limitQuery(SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT),
  /** `next_cursor` of the previous page, as given. */
  cursor: z.string().max(200).optional(),
  project_id: Id.optional(),
  provider: ProviderName.optional(),
  /** Registry id of the model that answered (models.id). */
  model: Id.optional(),
  is_favourite: QueryBoolean.optional(),
  kind: SearchHitKind.optional(),
  conversation_kind: ConversationKind.optional(),
  /** Inclusive lower and exclusive upper bound on the hit's created_at. */
  from: IsoTimestamp.optional(),
  to: IsoTimestamp.optional(),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

/** A matched word inside `snippet`: [start, end) in UTF-16 code units (JS string indices). */
export const SearchHighlight = z.object({
  start: z.int().nonnegative(),
  end: z.int().nonnegative(),
});
export type SearchHighlight = z.infer<typeof SearchHighlight>;

export const SearchHit = z.object({
  kind: SearchHitKind,
  /** Null for knowledge chunks. */
  conversation_id: Id.nullable(),
  conversation_title: z.string().nullable(),
  conversation_kind: ConversationKind.nullable(),
  /** The turn (user message and its answer share one id); null for titles and knowledge. */
  message_id: Id.nullable(),
  project_id: Id.nullable(),
  /** Knowledge chunks: the file they come from, and its name. */
  source_id: Id.nullable(),
  source_name: z.string().nullable(),
  /** Provider and registry model id of the turn; null for titles and knowledge. */
  provider: z.string().nullable(),
  model: z.string().nullable(),
  /** An excerpt of the matched text around the first match (the whole text when short). */
  snippet: z.string(),
  highlights: z.array(SearchHighlight),
  /** Relevance, higher is better (bm25 on SQLite, ts_rank on PostgreSQL: not comparable). */
  rank: z.number(),
  created_at: IsoTimestamp,
});
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchResponse = z.object({
  hits: z.array(SearchHit),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;
