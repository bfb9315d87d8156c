import type { KnowledgeFile } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { knowledgeFilesKey } from './project-keys';

/** How often the list is asked again while a file is still being indexed. */
const INDEXING_POLL_MS = 1_500;

/** GET /projects/{id}/files: oldest first, each with its indexing state. */
export async function listKnowledgeFiles(projectId: string): Promise<KnowledgeFile[]> {
  const res = await http.get<unknown>(`/projects/${encodeURIComponent(projectId)}/files`);
  return parseWire('KnowledgeFileListResponse', res.data).files;
}

export function useKnowledgeFiles(projectId: string) {
  return useQuery({
    queryKey: knowledgeFilesKey(projectId),
    queryFn: () => listKnowledgeFiles(projectId),
    // Indexing happens on the server after the upload: watch until every file has settled.
    refetchInterval: (query) =>
      query.state.data?.some((file) => file.state === 'indexing') ? INDEXING_POLL_MS : false,
  });
}
