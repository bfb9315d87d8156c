import {
  MESSAGES,
  type Attachment,
  type Citation,
  type ToolCallView,
  type ChatMcpChoice,
  type ChatSettings,
  type ChatMessage,
  type MessageFeedback,
  type MessageSource,
  type MessageStatus,
  type ProviderName,
} from '@parallax/contract';

/** What a Retry or Regenerate sends again. */
export interface Prompt {
  content: string;
  conversationId: string | null;
  /** The project a new chat starts in (a first send from "New chat in this project"). */
  projectId?: string | null;
  /** The prompt generator a new generator session is sent to (its first send only). */
  promptGeneratorId?: string | null;
  provider: ProviderName;
  model: string;
  /** A new chat's settings (parameters, system prompt), stored with it by its first send. */
  chatSettings?: ChatSettings | null;
  /** The composer's Web search toggle when it was sent (absent: off). */
  webSearch?: boolean;
  /** The composer's Tools menu when it was sent (absent: the chat's stored choice applies). */
  mcp?: ChatMcpChoice;
}

/**
 * One bubble on screen (spec §3 "Chat message"). A server turn (content + response) shows as a
 * user message and an assistant message sharing `messageId`, the id stream events carry.
 */
export interface UiMessage {
  key: string;
  messageId: string;
  role: 'user' | 'assistant';
  content: string;
  status: MessageStatus;
  conversationId: string | null;
  provider: ProviderName | null;
  model: string | null;
  modelFriendlyName: string | null;
  attachments: Attachment[];
  createdAt: string;
  requestId: string | null;
  /** Assistant only. */
  prompt?: Prompt;
  /** Assistant only: the send itself failed, so a retry may reuse the message id. */
  sendFailed?: boolean;
  /** Assistant only: text persisted before a reload, shown until the resumed stream replays it. */
  resumedFrom?: string;
  /** Assistant only: the sequence of the last streamed token in `content` (0 or absent: none). */
  sequence?: number;
  /**
   * Assistant only, status error: what went wrong, shown beside the partial answer in `content`
   * (never inside its markdown).
   */
  error?: string;
  /**
   * The answers to the question shown (regenerated), oldest first: the answer's switcher.
   * Absent when the turn has no other version; "1 of 1" when only its question has others.
   */
  versions?: TurnVersions;
  /**
   * The questions the turn was asked as (edited), first asked first: the question's switcher.
   * Absent: only one.
   */
  questionVersions?: TurnVersions;
  /** Assistant only: a send of a new version that failed; its retry sends that version again. */
  versionOf?: VersionOf;
  /** Assistant only: the project files the answer drew on ("Sources"); absent: none. */
  sources?: MessageSource[];
  /** Assistant only: the tools the answer called, as their rows show them; absent: none. */
  toolCalls?: ToolCallView[];
  /** Assistant only: the answer's numbered web sources; absent: none. */
  citations?: Citation[];
  /**
   * Assistant only: the stored text of an answer that was stopped, cut by its output limit or
   * broken off, which Continue carries on from; absent: nothing to continue.
   */
  continueFrom?: string;
  /** Assistant only: the owner's thumbs on the answer; absent: none. */
  feedback?: MessageFeedback;
}

/** The turn a regenerate or edit replaces, and the versions it had. */
export interface VersionOf {
  messageId: string;
  /** Its question: a new version asking it again is another answer to that question. */
  question: string;
  /** The answers to its question, oldest first (the turn included). */
  answerIds: string[];
  /** One id per question, first asked first, and where the turn's question is among them. */
  questions: TurnVersions;
}

/** A turn's versions as the switcher shows them: `index + 1` of `ids.length`. */
export interface TurnVersions {
  ids: string[];
  index: number;
}

/** A cancelled answer's text (spec §4): the partial text and the cancel note, or the empty-cancel note. */
export function withCancelNote(partial: string): string {
  const text = partial.trimEnd();
  return text ? `${text}\n\n${MESSAGES.cancelledSuffix}` : MESSAGES.cancelledEmpty;
}

export const userKey = (messageId: string) => `${messageId}:user`;
export const assistantKey = (messageId: string) => `${messageId}:assistant`;

/** A history turn as the two bubbles it shows as. */
export function turnToMessages(turn: ChatMessage): UiMessage[] {
  const common = {
    messageId: turn.id,
    conversationId: turn.conversation_id,
    provider: turn.provider,
    model: turn.model,
    modelFriendlyName: turn.model_friendly_name,
    createdAt: turn.created_at,
    requestId: turn.request_id,
    ...(turn.sibling_ids.length > 1 && {
      versions: { ids: turn.answer_sibling_ids, index: turn.answer_sibling_index },
    }),
    ...(turn.question_version_ids.length > 1 && {
      questionVersions: { ids: turn.question_version_ids, index: turn.question_version_index },
    }),
  };
  const user: UiMessage = {
    ...common,
    key: userKey(turn.id),
    role: 'user',
    content: turn.content,
    status: 'completed',
    attachments: turn.attachments,
  };
  const prompt =
    turn.provider && turn.model
      ? {
          content: turn.content,
          conversationId: turn.conversation_id,
          provider: turn.provider,
          model: turn.model,
        }
      : undefined;
  const streaming = turn.status === 'streaming' || turn.status === 'pending';
  const assistant: UiMessage = {
    ...common,
    key: assistantKey(turn.id),
    role: 'assistant',
    content: streaming ? '' : (turn.response ?? ''),
    status: turn.status === 'pending' ? 'streaming' : turn.status,
    attachments: [],
    ...(prompt && { prompt }),
    ...(streaming && turn.response ? { resumedFrom: turn.response } : {}),
    ...(turn.sources.length > 0 && { sources: turn.sources }),
    // A reload mid-turn shows the rows stored so far; the replay brings their later states.
    ...(turn.tool_calls && turn.tool_calls.length > 0 && { toolCalls: turn.tool_calls }),
    ...(turn.citations && turn.citations.length > 0 && { citations: turn.citations }),
  };
  if (turn.status === 'error')
    assistant.error = `${MESSAGES.streamErrorPrefix}${turn.error || MESSAGES.streamErrorDefault}`;
  const stopped = turn.status === 'cancelled' || turn.status === 'error' || turn.cut_off === true;
  if (stopped && turn.response) assistant.continueFrom = turn.response;
  if (turn.feedback) assistant.feedback = turn.feedback;
  // A stopped answer reads the same after a reload (or a version switch) as when it was stopped.
  if (turn.status === 'cancelled') assistant.content = withCancelNote(turn.response ?? '');
  return [user, assistant];
}
