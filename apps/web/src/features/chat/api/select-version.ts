import type { HistoryResponse } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';
import { chatHeaders } from './chat-headers';

/** POST /chat/messages/{id}/select: show that version of its turn; returns the new branch. */
export async function selectVersion(messageId: string): Promise<HistoryResponse> {
  const res = await http.post<unknown>(
    `/chat/messages/${encodeURIComponent(messageId)}/select`,
    undefined,
    {
      headers: chatHeaders(),
    },
  );
  return parseWire('HistoryResponse', res.data);
}
