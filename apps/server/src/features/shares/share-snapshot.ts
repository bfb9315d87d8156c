import type {
  ChatMessage,
  CompareSession,
  SharedChatTurn,
  ShareSnapshot,
  ToolCallView,
} from '@parallax/contract';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import type { ChatService } from '../chat';
import type { CompareService } from '../compare';
import type { ConversationsService } from '../conversations';

/** Bounded work per request: a snapshot holds at most this many turns (the latest ones). */
export const SHARE_MAX_TURNS = 500;
const PAGE = 100;

/** A tool row as the page shows it: name, arguments and state, never the result's text. */
function shownCalls(calls: readonly ToolCallView[] | undefined): { tool_calls?: ToolCallView[] } {
  if (!calls?.length) return {};
  return { tool_calls: calls.map(({ result: _result, error: _error, ...call }) => call) };
}

/** Only what the page shows: no ids, no tokens or costs, attachments by name only if chosen. */
function toSharedTurn(message: ChatMessage, includeAttachments: boolean): SharedChatTurn {
  return {
    question: message.content,
    answer: message.response,
    provider: message.provider,
    model_friendly_name: message.model_friendly_name ?? message.model,
    created_at: message.created_at,
    attachments: includeAttachments
      ? message.attachments.map((a) => ({
          id: a.id,
          filename: a.filename,
          content_type: a.content_type,
          size: a.size,
        }))
      : [],
    ...shownCalls(message.tool_calls),
    ...(message.citations ? { citations: message.citations } : {}),
  };
}

export interface SnapshotSources {
  conversations: ConversationsService;
  history: ChatService;
  compare: CompareService;
}

/** The current branch of the owner's chat, oldest first (404 when it is not theirs). */
export async function snapshotConversation(
  sources: SnapshotSources,
  owner: ChatOwner,
  id: string,
  includeAttachments: boolean,
): Promise<ShareSnapshot> {
  const conversation = await sources.conversations.get(owner, id);
  const pages: ChatMessage[][] = [];
  let cursor: string | undefined;
  let count = 0;
  do {
    const page = await sources.history.history(owner, {
      conversation_id: id,
      limit: PAGE,
      offset: 0,
      excludeComparisons: false,
      cursor,
    });
    pages.unshift(page.messages);
    count += page.messages.length;
    cursor = page.cursor ?? undefined;
  } while (cursor !== undefined && count < SHARE_MAX_TURNS);
  const messages = pages.flat().slice(-SHARE_MAX_TURNS);
  return {
    kind: 'conversation',
    title: conversation.title,
    turns: messages.map((m) => toSharedTurn(m, includeAttachments)),
  };
}

function fromSession(session: CompareSession): ShareSnapshot {
  return {
    kind: 'comparison',
    title: session.title,
    blind: session.blind,
    panels: session.panels.map((panel) => ({
      label: panel.label,
      model_friendly_name: panel.model_friendly_name,
      provider: panel.provider,
    })),
    turns: session.turns.slice(-SHARE_MAX_TURNS).map((turn) => ({
      prompt: turn.prompt,
      answers: turn.answers.map((answer) => ({
        panel: answer.panel,
        answer: answer.response,
        ...shownCalls(answer.tool_calls),
        ...(answer.citations ? { citations: answer.citations } : {}),
      })),
    })),
  };
}

/** The owner's comparison; a blind one names its models only when `reveal` says so. */
export async function snapshotComparison(
  sources: SnapshotSources,
  owner: ChatOwner,
  id: string,
  reveal: boolean,
): Promise<ShareSnapshot> {
  return fromSession(await sources.compare.sharedView(owner, id, reveal));
}
