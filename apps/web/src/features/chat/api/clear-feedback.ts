import { http, parseWire } from '../../../lib/http';

/** DELETE /chat/messages/{id}/feedback: the answer's rating is removed. */
export async function clearFeedback(messageId: string): Promise<void> {
  const res = await http.delete<unknown>(
    `/chat/messages/${encodeURIComponent(messageId)}/feedback`,
  );
  parseWire('ClearFeedbackResponse', res.data);
}
