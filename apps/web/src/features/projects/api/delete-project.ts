import type { DeleteProjectQuery } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** DELETE /projects/{id}?chats=keep|delete; answers how many chats were moved out or deleted. */
export async function deleteProject(
  id: string,
  chats: DeleteProjectQuery['chats'],
): Promise<number> {
  const res = await http.delete<unknown>(`/projects/${encodeURIComponent(id)}`, {
    params: { chats },
  });
  return parseWire('DeleteProjectResponse', res.data).chats;
}
