import type { RemainingMessagesResponse } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { parseWire } from '../../auth';
import { useChatStorage } from '../store/chat-storage';

/** GET /chat/remaining-messages; the answer also lands in the persisted chat state. */
export async function getRemainingMessages(): Promise<RemainingMessagesResponse> {
  const res = await http.get<unknown>('/chat/remaining-messages');
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
