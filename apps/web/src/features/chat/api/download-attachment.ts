import { http } from '../../../lib/http';

/**
 * GET /chat/attachments/{id}. Files are served only to their owner, so the download goes
 * through the API client (bearer token or visitor id) rather than a bare link.
 */
export async function downloadAttachment(id: string, filename: string): Promise<void> {
  const res = await http.get<Blob>(`/chat/attachments/${encodeURIComponent(id)}`, { responseType: 'blob' });
  const url = URL.createObjectURL(res.data);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
