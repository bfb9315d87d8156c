import { LIMITS, type ConversationListResponse } from '@parallax/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';

// Under 'conversations' so that a star toggled anywhere (which refreshes that prefix) refreshes it.
export const favouritesKey = ['conversations', 'favourites'] as const;

/** The favourites call of spec §7: is_favourite true, limit 20, comparisons included. */
export async function listFavourites(offset: number): Promise<ConversationListResponse> {
  const res = await http.get<unknown>('/chat/conversations/', {
    params: {
      offset,
      limit: LIMITS.favouritesPageSize,
      is_favourite: true,
      excludeComparisons: false,
    },
  });
  return parseWire('ConversationListResponse', res.data);
}

/** Pages for infinite scroll; the next offset is what has been loaded so far. */
export function useFavourites() {
  return useInfiniteQuery({
    queryKey: favouritesKey,
    queryFn: ({ pageParam }) => listFavourites(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.has_more ? pages.reduce((n, p) => n + p.conversations.length, 0) : undefined,
    staleTime: 0,
  });
}
