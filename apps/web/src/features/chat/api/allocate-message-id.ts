import { HTTP } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';
import { chatHeaders } from './chat-headers';

/** POST /chat/messages/allocate-id: the id the send will carry (sends are idempotent on it). */
export async function allocateMessageId(): Promise<string> {
  const res = await http.post<unknown>('/chat/messages/allocate-id', undefined, {
    timeout: HTTP.allocateIdTimeoutMs,
    headers: chatHeaders(),
  });
  return parseWire('AllocateIdResponse', res.data).message_id;
}
