import { http, parseWire } from '../../../lib/http';

/** DELETE /projects/{id}/files/{fileId}: the file and its chunks go; answers already given keep its name. */
export async function deleteKnowledgeFile(projectId: string, fileId: string): Promise<void> {
  const res = await http.delete<unknown>(
    `/projects/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}`,
  );
  parseWire('DeleteKnowledgeFileResponse', res.data);
}
