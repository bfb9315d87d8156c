import type { KnowledgeFile } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** POST /projects/{id}/files (multipart files[]): the files added, each still indexing. */
export async function uploadKnowledgeFiles(
  projectId: string,
  files: readonly File[],
): Promise<KnowledgeFile[]> {
  const form = new FormData();
  for (const file of files) form.append('files[]', file, file.name);
  const res = await http.post<unknown>(`/projects/${encodeURIComponent(projectId)}/files`, form, {
    timeout: 300_000,
  });
  return parseWire('KnowledgeFileListResponse', res.data).files;
}
