import { http } from '../../../lib/http';
import { saveBlob } from '../../../lib/save-blob';

/**
 * GET /chat/attachments/{id}. Files are served only to their owner, so the download goes
 * through the API client (bearer token or visitor id) rather than a bare link.
 */
export async function downloadAttachment(id: string, filename: string): Promise<void> {
  const res = await http.get<Blob>(`/chat/attachments/${encodeURIComponent(id)}`, {
    responseType: 'blob',
  });
  saveBlob(res.data, filename);
}
