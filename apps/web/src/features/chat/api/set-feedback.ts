import type { MessageFeedback, SetFeedbackRequest } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** PUT /chat/messages/{id}/feedback: rate the answer (replaces an earlier rating). */
export async function setFeedback(
  messageId: string,
  body: SetFeedbackRequest,
): Promise<MessageFeedback> {
  const res = await http.put<unknown>(
    `/chat/messages/${encodeURIComponent(messageId)}/feedback`,
    body,
  );
  return parseWire('MessageFeedback', res.data);
}
