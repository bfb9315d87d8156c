import {
  CONVERSATION_LIST_DEFAULT_LIMIT,
  type ConversationListResponse,
  type Conversation,
} from '@parallax/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';

export const conversationsKey = ['conversations', 'list'] as const;

export interface ConversationListFilter {
  /** Starred chats only (the Favourites filter of /chats). */
  favourites: boolean;
}

/** GET /chat/conversations/ — one page at `offset`, optionally starred chats only. */
export async function listConversations(
  params: ConversationListFilter & { offset: number },
): Promise<ConversationListResponse> {
  const res = await http.get<unknown>('/chat/conversations/', {
    params: {
      offset: params.offset,
      limit: CONVERSATION_LIST_DEFAULT_LIMIT,
      excludeComparisons: true,
      ...(params.favourites && { is_favourite: true }),
    },
  });
  return parseWire('ConversationListResponse', res.data);
}

/** The list as pages for infinite scroll; the next offset is what has been loaded so far. */
export function useConversationList(filter: ConversationListFilter, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...conversationsKey, filter.favourites],
    queryFn: ({ pageParam }) => listConversations({ offset: pageParam, ...filter }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.has_more ? pages.reduce((n, p) => n + p.conversations.length, 0) : undefined,
    enabled,
    staleTime: 0,
  });
}

export type { Conversation };
