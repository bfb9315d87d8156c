import type { AssignProjectRequest, Conversation } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** PUT /chat/conversations/{id}/project, or DELETE it when `projectId` is null. */
export async function moveChat(
  conversationId: string,
  projectId: string | null,
): Promise<Conversation> {
  const url = `/chat/conversations/${encodeURIComponent(conversationId)}/project`;
  if (projectId === null) return parseWire('Conversation', (await http.delete<unknown>(url)).data);
  const body: AssignProjectRequest = { project_id: projectId };
  return parseWire('Conversation', (await http.put<unknown>(url, body)).data);
}
