import type { Conversation } from '@parallax/contract';
import { http } from '../../../lib/http';
import { parseWire } from '../../auth';

/** PUT /chat/conversations/{id}: rename. */
export async function renameConversation(id: string, title: string): Promise<Conversation> {
  const res = await http.put<unknown>(`/chat/conversations/${encodeURIComponent(id)}`, { title });
  return parseWire('Conversation', res.data);
}

/** PUT /chat/conversations/{id}/favourite with the wanted state. */
export async function setFavourite(id: string, isFavourite: boolean): Promise<Conversation> {
  const res = await http.put<unknown>(`/chat/conversations/${encodeURIComponent(id)}/favourite`, {
    is_favourite: isFavourite,
  });
  return parseWire('Conversation', res.data);
}

/** DELETE /chat/conversations/{id}. */
export async function deleteConversation(id: string): Promise<void> {
  await http.delete(`/chat/conversations/${encodeURIComponent(id)}`);
}
