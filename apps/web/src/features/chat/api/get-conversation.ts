import type { Conversation } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** GET /chat/conversations/{id}. */
export async function getConversation(id: string): Promise<Conversation> {
  const res = await http.get<unknown>(`/chat/conversations/${encodeURIComponent(id)}`);
  return parseWire('Conversation', res.data);
}
