import type { RemainingMessagesResponse } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useChatStorage } from '../store/chat-storage';
import { chatHeaders } from './chat-headers';

/** GET /chat/remaining-messages; the answer also lands in the persisted chat state. */
export async function getRemainingMessages(): Promise<RemainingMessagesResponse> {
  const res = await http.get<unknown>('/chat/remaining-messages', { headers: chatHeaders() });
  const limits = parseWire('RemainingMessagesResponse', res.data);
  useChatStorage.getState().setLimits(limits.remaining_messages, limits.daily_limit);
  return limits;
}

export function useRemainingMessages(isAuthenticated: boolean) {
  return useQuery({
    queryKey: ['chat', 'remaining-messages', isAuthenticated],
    queryFn: getRemainingMessages,
    staleTime: 0,
  });
}
