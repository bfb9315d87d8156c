import { type HistoryResponse, LIMITS } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';
import { chatHeaders } from './chat-headers';

/** GET /chat/messages for one conversation; `cursor` fetches the page of older turns. */
export async function getHistory(
  conversationId: string,
  cursor: string | null,
): Promise<HistoryResponse> {
  const res = await http.get<unknown>('/chat/messages', {
    params: {
      conversation_id: conversationId,
      limit: LIMITS.historyPageSize,
      excludeComparisons: true,
      ...(cursor && { cursor }),
    },
    headers: chatHeaders(),
  });
  return parseWire('HistoryResponse', res.data);
}
