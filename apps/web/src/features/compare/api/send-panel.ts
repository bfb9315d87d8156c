import {
  type ComparePanelSendRequest,
  type ComparePanelSendResponse,
  HTTP,
} from '@parallax/contract';
import { http, parseWire, retryWhileRestarting } from '../../../lib/http';
import { chatHeaders } from '../../chat';

/** A fresh message id for one panel's turn (the send is idempotent on it). */
export async function allocatePanelMessageId(): Promise<string> {
  const res = await http.post<unknown>('/chat/messages/allocate-id', undefined, {
    timeout: HTTP.allocateIdTimeoutMs,
  });
  return parseWire('AllocateIdResponse', res.data).message_id;
}

/**
 * POST /compare/sessions/{id}/panels/{panel}/messages: the panel's turn goes through the chat
 * send pipeline; with the socket connected it answers at once and the tokens stream. A send
 * refused by a server restarting (503 `server_restarting`) is sent again: it is idempotent.
 */
export function sendPanel(
  sessionId: string,
  panel: number,
  input: { message: string; messageId: string; webSearch?: boolean },
): Promise<ComparePanelSendResponse> {
  const body: ComparePanelSendRequest = {
    message: input.message,
    message_id: input.messageId,
    ...(input.webSearch !== undefined && { web_search: input.webSearch }),
  };
  return retryWhileRestarting(async () => {
    const res = await http.post<unknown>(
      `/compare/sessions/${encodeURIComponent(sessionId)}/panels/${panel}/messages`,
      body,
      { timeout: HTTP.sendTimeoutMs, headers: chatHeaders() },
    );
    return parseWire('ComparePanelSendResponse', res.data);
  });
}
