import { http } from '../../../lib/http';
import { parseWire } from '../../auth';
import { chatHeaders } from './chat-headers';

/** POST /chat/cancel/{requestId} when the request id is known, else /chat/cancel with the message id. */
export async function cancelGeneration(target: { requestId: string | null; messageId: string }): Promise<boolean> {
  const res = target.requestId
    ? await http.post<unknown>(`/chat/cancel/${encodeURIComponent(target.requestId)}`, undefined, {
        headers: chatHeaders(),
      })
    : await http.post<unknown>('/chat/cancel', { message_id: target.messageId }, { headers: chatHeaders() });
  return parseWire('CancelResponse', res.data).cancelled;
}
