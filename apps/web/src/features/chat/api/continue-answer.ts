import { HTTP, type MessageResponse } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';
import { chatHeaders } from './chat-headers';

/**
 * POST /chat/messages/{id}/continue: the model carries on with a stopped or cut answer. With a
 * connected socket the answer comes at once with status streaming; it spends one message.
 */
export async function continueAnswer(messageId: string): Promise<MessageResponse> {
  const res = await http.post<unknown>(
    `/chat/messages/${encodeURIComponent(messageId)}/continue`,
    undefined,
    { timeout: HTTP.sendTimeoutMs, headers: chatHeaders() },
  );
  return parseWire('MessageResponse', res.data);
}
