import type { ToolApprovalDecision, ToolApprovalResponse } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';
import { chatHeaders } from './chat-headers';

/**
 * POST /chat/messages/{messageId}/tool-calls/{callId}/approval: the owner's answer to a tool call
 * that waits for it. The row changes when the socket's `ai_tool` event says so, not from here.
 */
export async function decideToolCall(
  messageId: string,
  callId: string,
  decision: ToolApprovalDecision,
): Promise<ToolApprovalResponse> {
  const res = await http.post<unknown>(
    `/chat/messages/${encodeURIComponent(messageId)}/tool-calls/${encodeURIComponent(callId)}/approval`,
    { decision },
    { headers: chatHeaders() },
  );
  return parseWire('ToolApprovalResponse', res.data);
}
