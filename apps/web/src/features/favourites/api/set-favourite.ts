import type { Conversation, FavouriteRequest } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** PUT /chat/conversations/{id}/favourite with the wanted state. */
export async function setFavourite(id: string, isFavourite: boolean): Promise<Conversation> {
  const body: FavouriteRequest = { is_favourite: isFavourite };
  const res = await http.put<unknown>(
    `/chat/conversations/${encodeURIComponent(id)}/favourite`,
    body,
  );
  return parseWire('Conversation', res.data);
}
