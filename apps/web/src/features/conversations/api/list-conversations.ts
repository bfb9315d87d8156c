import {
  CONVERSATION_LIST_DEFAULT_LIMIT,
  type ConversationListResponse,
  type Conversation,
} from '@parallax/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';

export const conversationsKey = ['conversations', 'list'] as const;

/** GET /chat/conversations/ — one page at `offset`, optionally filtered by a search text. */
export async function listConversations(params: {
  offset: number;
  search: string;
}): Promise<ConversationListResponse> {
  const res = await http.get<unknown>('/chat/conversations/', {
    params: {
      offset: params.offset,
      limit: CONVERSATION_LIST_DEFAULT_LIMIT,
      excludeComparisons: true,
      ...(params.search && { search: params.search }),
    },
  });
  return parseWire('ConversationListResponse', res.data);
}

/** The list as pages for infinite scroll; the next offset is what has been loaded so far. */
export function useConversationList(search: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...conversationsKey, search],
    queryFn: ({ pageParam }) => listConversations({ offset: pageParam, search }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.has_more ? pages.reduce((n, p) => n + p.conversations.length, 0) : undefined,
    enabled,
    staleTime: 0,
  });
}

export type { Conversation };
