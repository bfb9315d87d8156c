import type { CancelRequest } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';
import { chatHeaders } from './chat-headers';

/** POST /chat/cancel/{requestId} when the request id is known, else /chat/cancel with the message id. */
export async function cancelGeneration(target: {
  requestId: string | null;
  messageId: string;
}): Promise<boolean> {
  const res = target.requestId
    ? await http.post<unknown>(`/chat/cancel/${encodeURIComponent(target.requestId)}`, undefined, {
        headers: chatHeaders(),
      })
    : await http.post<unknown>(
        '/chat/cancel',
        { message_id: target.messageId } satisfies CancelRequest,
        {
          headers: chatHeaders(),
        },
      );
  return parseWire('CancelResponse', res.data).cancelled;
}
