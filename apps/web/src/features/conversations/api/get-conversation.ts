import type { Conversation } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';

export const conversationKey = (id: string) => ['conversations', 'one', id] as const;

/** GET /chat/conversations/{id}. */
export async function getConversation(id: string): Promise<Conversation> {
  const res = await http.get<unknown>(`/chat/conversations/${encodeURIComponent(id)}`);
  return parseWire('Conversation', res.data);
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: conversationKey(id),
    queryFn: () => getConversation(id),
    enabled: id !== '',
  });
}
