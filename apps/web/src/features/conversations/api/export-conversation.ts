import type { ConversationExportQuery } from '@parallax/contract';
import { http } from '../../../lib/http';
import { saveBlob } from '../../../lib/save-blob';

const EXTENSIONS: Record<ConversationExportQuery['format'], string> = {
  markdown: 'md',
  json: 'json',
};

/** GET /chat/conversations/{id}/export: saves the chat as Markdown or JSON. */
export async function exportConversation(
  id: string,
  title: string,
  format: ConversationExportQuery['format'],
): Promise<void> {
  const res = await http.get<Blob>(`/chat/conversations/${encodeURIComponent(id)}/export`, {
    params: { format },
    responseType: 'blob',
  });
  const base =
    title
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 60) || 'chat';
  saveBlob(res.data, `${base}.${EXTENSIONS[format]}`);
}
