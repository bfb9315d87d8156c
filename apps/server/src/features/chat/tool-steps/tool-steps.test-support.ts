import { randomUUID } from 'node:crypto';
import {
  CHAT_TITLE_PROMPT,
  type ChatMessage,
  type HistoryResponse,
  type MessageResponse,
  type ServerWsMessage,
  type WsAiStatus,
  type WsAiTool,
} from '@parallax/contract';
import type { SimRequestRecord } from '@parallax/provider-sim';
import {
  asMessage,
  newVisitorId,
  postJson,
  sendBody,
  TestSocket,
  visitorHeaders,
  type ChatTestApp,
} from '../../../../test/chat';

/** The sim's directive for a three-step turn: two searches at once, then a page, then the answer. */
export const THREE_STEPS =
  'Find pets [sim call=web_search{"query":"cats"}|web_search{"query":"dogs"} call=read_page{"url":"https://pets.example/a"}]';

/** A visitor with a live socket on `baseUrl`. */
export async function visitorOn(
  baseUrl: string,
): Promise<{ visitor: string; connectionId: string; socket: TestSocket }> {
  const visitor = newVisitorId();
  const connectionId = randomUUID();
  const socket = await TestSocket.open(baseUrl, connectionId, visitor);
  return { visitor, connectionId, socket };
}

/** A new chat's first send, its Web search toggle as given; answers at once (streaming). */
export async function sendWithTools(
  baseUrl: string,
  who: { visitor: string; connectionId: string },
  text: string,
  webSearch = true,
): Promise<MessageResponse> {
  const sent = asMessage(
    (
      await postJson(
        baseUrl,
        '/api/v1/chat/messages',
        visitorHeaders(who.visitor, who.connectionId),
        sendBody(text, { chat_settings: { web_search: webSearch } }),
      )
    ).json,
  );
  if (sent.status !== 'streaming') throw new Error(`send answered ${JSON.stringify(sent)}`);
  return sent;
}

export function isEnd(messageId: string) {
  return (f: ServerWsMessage): f is WsAiStatus =>
    f.type === 'ai_status' &&
    f.message_id === messageId &&
    (f.status === 'completed' || f.status === 'error');
}

export function toolEvents(frames: readonly ServerWsMessage[], messageId: string): WsAiTool[] {
  return frames.flatMap((f) => (f.type === 'ai_tool' && f.message_id === messageId ? [f] : []));
}

/** Token and tool events of a message, in arrival order, by their shared sequence. */
export function numbered(frames: readonly ServerWsMessage[], messageId: string): number[] {
  return frames.flatMap((f) =>
    (f.type === 'ai_token' || f.type === 'ai_tool') && f.message_id === messageId
      ? [f.sequence]
      : [],
  );
}

export async function storedTurn(
  baseUrl: string,
  visitor: string,
  conversationId: string,
): Promise<ChatMessage> {
  const response = await fetch(
    `${baseUrl}/api/v1/chat/messages?conversation_id=${conversationId}`,
    { headers: visitorHeaders(visitor) },
  );
  const history = (await response.json()) as HistoryResponse;
  const turn = history.messages[0];
  if (!turn) throw new Error('no stored turn');
  return turn;
}

/** The sim's requests for answers whose prompt holds `marker` (titles and others left out). */
export function requestsFor(t: ChatTestApp, marker: string): SimRequestRecord[] {
  return t.sim.requests.filter((r) => {
    const body = JSON.stringify(r.body);
    return body.includes(marker) && !body.includes(CHAT_TITLE_PROMPT.slice(0, 40));
  });
}

export { sendBody };
