import { LIMITS, type Conversation } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';

export const recentConversationsKey = ['conversations', 'recent'] as const;

/** GET /chat/conversations/ — the newest chats, as many as the sidebar shows (spec §9). */
export async function listRecentConversations(): Promise<Conversation[]> {
  const res = await http.get<unknown>('/chat/conversations/', {
    params: { offset: 0, limit: LIMITS.recentConversationsChatService, excludeComparisons: true },
  });
  return parseWire('ConversationListResponse', res.data).conversations;
}

export function useRecentConversations() {
  return useQuery({ queryKey: recentConversationsKey, queryFn: listRecentConversations });
}
