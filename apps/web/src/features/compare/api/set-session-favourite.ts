import type { CompareSession, FavouriteRequest } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** PUT /compare/sessions/{id}/favourite with the wanted state. */
export async function setSessionFavourite(
  sessionId: string,
  isFavourite: boolean,
): Promise<CompareSession> {
  const body: FavouriteRequest = { is_favourite: isFavourite };
  const res = await http.put<unknown>(
    `/compare/sessions/${encodeURIComponent(sessionId)}/favourite`,
    body,
  );
  return parseWire('CompareSession', res.data);
}
