import type { Conversation } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { projectChatsKey } from './project-keys';

const PAGE = 100;

/** GET /chat/conversations/?project_id=: a project's chats, newest first. */
export async function listProjectChats(projectId: string): Promise<Conversation[]> {
  const res = await http.get<unknown>('/chat/conversations/', {
    params: { offset: 0, limit: PAGE, excludeComparisons: true, project_id: projectId },
  });
  return parseWire('ConversationListResponse', res.data).conversations;
}

export function useProjectChats(projectId: string) {
  return useQuery({
    queryKey: projectChatsKey(projectId),
    queryFn: () => listProjectChats(projectId),
  });
}

/** The newest chats outside any project, to pick from on a project's page. */
export async function listLooseChats(): Promise<Conversation[]> {
  const res = await http.get<unknown>('/chat/conversations/', {
    params: { offset: 0, limit: PAGE, excludeComparisons: true },
  });
  return parseWire('ConversationListResponse', res.data).conversations.filter(
    (c) => c.project_id === null,
  );
}
