import type { SearchQuery, SearchResponse } from '@parallax/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';

/** The filters a screen may add to the words (the server's cursor and limit stay here). */
export type SearchFilters = Partial<Pick<SearchQuery, 'is_favourite' | 'conversation_kind'>>;

export const searchKey = (q: string, filters: SearchFilters) => ['search', q, filters] as const;

/** GET /search: ranked message-level hits over the caller's own history. */
export async function searchHistory(
  q: string,
  filters: SearchFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const res = await http.get<unknown>('/search', {
    params: { q, ...filters, ...(cursor && { cursor }) },
    ...(signal && { signal }),
  });
  return parseWire('SearchResponse', res.data);
}

const hasWords = (q: string) => q.trim() !== '';

/** The first page, for the palette: the previous results stay up while the next ones load. */
export function useSearch(q: string, filters: SearchFilters = {}) {
  return useQuery({
    queryKey: searchKey(q, filters),
    queryFn: ({ signal }) => searchHistory(q, filters, null, signal),
    enabled: hasWords(q),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Every page by cursor, for a list that scrolls (/chats). */
export function useSearchPages(q: string, filters: SearchFilters = {}) {
  return useInfiniteQuery({
    queryKey: [...searchKey(q, filters), 'pages'],
    queryFn: ({ pageParam, signal }) => searchHistory(q, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: hasWords(q),
    staleTime: 30_000,
  });
}
