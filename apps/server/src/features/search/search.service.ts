import type { Kysely } from 'kysely';
import type { SearchHit, SearchHitKind, SearchQuery, SearchResponse } from '@parallax/contract';
import type { Database } from '../../db/schema';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import { decodeSearchCursor, encodeSearchCursor } from './search-cursor';
import {
  documentText,
  SearchRepository,
  type DocumentRow,
  type SearchFilter,
  type SearchOwnerKey,
} from './search.repository';
import { rankCandidates } from './search-rank';
import { buildSnippet } from './search-snippet';
import { parseSearchText, type SearchTerms } from './search-terms';

/** The chat list's search (`?search=`) lists at most this many matching conversations. */
export const LIST_SEARCH_MAX_CONVERSATIONS = 1_000;

/** A piece of a project knowledge file, as the knowledge feature cut it. */
export interface KnowledgeChunkInput {
  userId: string;
  projectId: string;
  /** The knowledge file's id and name (shown with a hit). */
  sourceId: string;
  sourceName: string;
  texts: readonly string[];
}

export interface KnowledgeMatch {
  sourceId: string;
  sourceName: string;
  text: string;
  rank: number;
}

export function searchOwnerKey(owner: ChatOwner): SearchOwnerKey {
  return owner.kind === 'user' ? `u:${owner.id}` : `v:${owner.id}`;
}

/**
 * History search over the index of migration 0100, and its writer for knowledge chunks.
 * Every read is narrowed to one owner; chat documents are written by database triggers.
 */
export class SearchService {
  constructor(private readonly repository: SearchRepository) {}

  /** The same service over `db`, e.g. the knowledge feature's transaction. */
  within(db: Kysely<Database>): SearchService {
    return new SearchService(new SearchRepository(db));
  }

  async search(owner: ChatOwner, query: SearchQuery): Promise<SearchResponse> {
    const terms = parseSearchText(query.q);
    if (terms.words.length === 0) return { hits: [], next_cursor: null };
    const offset = query.cursor === undefined ? 0 : decodeSearchCursor(query.cursor);
    // One more than asked tells whether a next page exists.
    const ranked = await this.#rankedRows(searchOwnerKey(owner), terms, toFilter(query), {
      limit: query.limit + 1,
      offset,
    });
    return {
      hits: ranked.slice(0, query.limit).map(({ row, rank }) => toHit(row, rank, terms)),
      next_cursor: ranked.length > query.limit ? encodeSearchCursor(offset + query.limit) : null,
    };
  }

  /**
   * A page of the owner's matching documents, best first. PostgreSQL ranks in SQL (ts_rank);
   * on SQLite the newest matches come back unranked and are ranked here (search-rank.ts).
   */
  async #rankedRows(
    key: SearchOwnerKey,
    terms: SearchTerms,
    filter: SearchFilter,
    page: { limit: number; offset: number },
  ): Promise<{ row: DocumentRow; rank: number }[]> {
    if (this.repository.ranksInDatabase) {
      const ranked = await this.repository.rank(key, terms, filter, page);
      const rows = await this.repository.read(
        key,
        ranked.map((r) => r.id),
      );
      return joinRanks(ranked, rows);
    }
    const rows = await this.repository.candidates(key, terms, filter);
    const ranked = rankCandidates(
      rows.map((row) => ({ id: row.id, text: documentText(row) })),
      terms,
    ).slice(page.offset, page.offset + page.limit);
    return joinRanks(ranked, rows);
  }

  /**
   * Ids of the owner's conversations whose title or turns match `text`, most recently active
   * first (at most LIST_SEARCH_MAX_CONVERSATIONS); empty when `text` has no words.
   */
  async conversationIds(owner: ChatOwner, text: string): Promise<string[]> {
    const terms = parseSearchText(text);
    if (terms.words.length === 0) return [];
    return this.repository.conversationIds(
      searchOwnerKey(owner),
      terms,
      LIST_SEARCH_MAX_CONVERSATIONS,
    );
  }

  /** Adds a knowledge file's chunks to its owner's index (kind 'knowledge'). */
  async indexChunks(input: KnowledgeChunkInput): Promise<void> {
    const createdAt = new Date().toISOString();
    await this.repository.insertChunks(
      input.texts.map((text) => ({
        ownerKey: `u:${input.userId}`,
        projectId: input.projectId,
        sourceId: input.sourceId,
        sourceName: input.sourceName,
        text,
        createdAt,
      })),
    );
  }

  /** Takes a knowledge file's chunks out of the index; answers how many. */
  removeChunks(userId: string, sourceId: string): Promise<number> {
    return this.repository.deleteChunks(`u:${userId}`, sourceId);
  }

  /** The best-ranked chunks of a project's knowledge files for `text` (bm25 / ts_rank). */
  async findKnowledge(
    userId: string,
    projectId: string,
    text: string,
    limit: number,
  ): Promise<KnowledgeMatch[]> {
    const parsed = parseSearchText(text);
    if (parsed.words.length === 0) return [];
    const terms = { words: parsed.words, prefixLast: false, anyWord: true };
    const ranked = await this.#rankedRows(
      `u:${userId}`,
      terms,
      { kind: 'knowledge', projectId },
      { limit, offset: 0 },
    );
    return ranked.flatMap(({ row, rank }) =>
      row.source_id === null || row.body === null
        ? []
        : [{ sourceId: row.source_id, sourceName: row.source_name ?? '', text: row.body, rank }],
    );
  }
}

/** Ranked ids with their rows, in rank order (a row another owner's drops out). */
function joinRanks(
  ranked: readonly { id: number; rank: number }[],
  rows: readonly DocumentRow[],
): { row: DocumentRow; rank: number }[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ranked.flatMap(({ id, rank }) => {
    const row = byId.get(id);
    return row === undefined ? [] : [{ row, rank }];
  });
}

function toFilter(query: SearchQuery): SearchFilter {
  return {
    projectId: query.project_id,
    provider: query.provider,
    model: query.model,
    isFavourite: query.is_favourite,
    kind: query.kind,
    conversationKind: query.conversation_kind,
    // Stored timestamps are UTC ISO strings: bounds with an offset are converted to compare.
    from: query.from === undefined ? undefined : new Date(query.from).toISOString(),
    to: query.to === undefined ? undefined : new Date(query.to).toISOString(),
  };
}

function hitKind(kind: string): SearchHitKind {
  return kind === 'title' || kind === 'answer' || kind === 'knowledge' ? kind : 'message';
}

function toHit(row: DocumentRow, rank: number, terms: SearchTerms): SearchHit {
  const conversationKind = row.conversation_kind;
  return {
    kind: hitKind(row.kind),
    conversation_id: row.conversation_id,
    conversation_title: row.title,
    conversation_kind:
      conversationKind === 'comparison' || conversationKind === 'prompt_generator'
        ? conversationKind
        : conversationKind === null
          ? null
          : 'regular',
    message_id: row.message_id,
    project_id: row.conversation_project_id ?? row.project_id,
    source_id: row.source_id,
    source_name: row.source_name,
    provider: row.provider,
    model: row.model,
    ...buildSnippet(documentText(row), terms),
    rank,
    created_at: row.created_at,
  };
}
