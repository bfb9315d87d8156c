import type { Conversation, UpdateConversationRequest } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** PUT /chat/conversations/{id}: rename. */
export async function renameConversation(id: string, title: string): Promise<Conversation> {
  const body: UpdateConversationRequest = { title };
  const res = await http.put<unknown>(`/chat/conversations/${encodeURIComponent(id)}`, body);
  return parseWire('Conversation', res.data);
}

/** DELETE /chat/conversations/{id}. */
export async function deleteConversation(id: string): Promise<void> {
  await http.delete(`/chat/conversations/${encodeURIComponent(id)}`);
}
