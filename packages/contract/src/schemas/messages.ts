import { z } from 'zod';
import { ChatMcpChoice } from './mcp';
import { ChatSettings } from './chat-settings';
import { LIMITS } from '../constants';
import { MESSAGES } from '../errors';
import { Id, IsoTimestamp, ProviderName, QueryBoolean, limitQuery, OffsetQuery } from './common';
import { MessageFeedback } from './feedback';
import { MessageSource } from './knowledge';
import { Citation, ToolCallView } from './tools';

/** Spec §3 "Chat message" and §7 "Messages" (/api/v1/chat/...). */

export const MessageType = z.enum(['user', 'assistant', 'system']);
export type MessageType = z.infer<typeof MessageType>;

export const MessageStatus = z.enum(['pending', 'streaming', 'completed', 'error', 'cancelled']);
export type MessageStatus = z.infer<typeof MessageStatus>;

export const Attachment = z.object({
  id: Id,
  filename: z.string().min(1).max(255),
  content_type: z.string().min(1).max(255),
  size: z.int().nonnegative(),
  /** Same-origin path, served only to the owner. */
  url: z.string().min(1),
});
export type Attachment = z.infer<typeof Attachment>;

/**
 * The versions of a turn grouped by question, as the question's and the answer's switchers
 * show them. Versions asking the same question text (Regenerate keeps it, "Edit and resend"
 * changes it) are one question version, and each of them one answer version of it.
 */
export const QuestionVersionFields = {
  /**
   * One version per question, the question asked first first: this turn for its own question;
   * for another question, its version shown (or, never chosen, sent) last, so selecting that id
   * shows the answer last seen for that question. The switcher shows
   * `question_version_index + 1` of `question_version_ids.length`.
   */
  question_version_ids: z.array(Id).min(1),
  question_version_index: z.int().nonnegative(),
  /** The versions asking this turn's question, oldest first, this one included. */
  answer_sibling_ids: z.array(Id).min(1),
  answer_sibling_index: z.int().nonnegative(),
};

/** One turn: the user's content and the assistant's response. */
export const ChatMessage = z.object({
  id: Id,
  conversation_id: Id.nullable(),
  type: MessageType,
  content: z.string(),
  response: z.string().nullable(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
  is_authenticated: z.boolean(),
  provider: ProviderName.nullable(),
  model: z.string().nullable(),
  model_friendly_name: z.string().nullable(),
  status: MessageStatus,
  attachments: z.array(Attachment),
  tokens: z.int().nonnegative().nullable(),
  error: z.string().nullable(),
  request_id: z.string().nullable(),
  comparison_id: Id.nullable(),
  /** The turn this one follows; null for a conversation's first turn. */
  parent_id: Id.nullable(),
  /**
   * Every version of this turn (regenerated answers, edited questions), oldest first, this one
   * included: the switcher shows `sibling_index + 1` of `sibling_ids.length`.
   */
  sibling_ids: z.array(Id).min(1),
  sibling_index: z.int().nonnegative(),
  ...QuestionVersionFields,
  /** The project files the answer drew on, in the order they were given to the model. */
  sources: z.array(MessageSource),
  /** The tools the answer called, in the order they were asked for; absent: none. */
  tool_calls: z.array(ToolCallView).optional(),
  /** The answer's numbered web sources ("[1]"), from its tool calls; absent: none. */
  citations: z.array(Citation).optional(),
  /** True when the answer was cut by the model's output limit (it may be continued). */
  cut_off: z.boolean().optional(),
  /** The owner's thumbs on this answer; null: none given. */
  feedback: MessageFeedback.nullable().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** POST /chat/messages/allocate-id?allocate_comparison_id=true. */
export const AllocateIdQuery = z.object({ allocate_comparison_id: QueryBoolean.default(false) });
export type AllocateIdQuery = z.infer<typeof AllocateIdQuery>;

export const AllocateIdResponse = z.object({ message_id: Id, comparison_id: Id.optional() });
export type AllocateIdResponse = z.infer<typeof AllocateIdResponse>;

/**
 * Outgoing text (spec §5): trimmed, non-empty, then cut to LIMITS.messageMaxChars — cut, not
 * refused, so a pasted long text still goes out the way the client would send it.
 */
export const MessageText = z
  .string()
  .trim()
  .min(1, MESSAGES.messageEmpty)
  .overwrite((text) => text.slice(0, LIMITS.messageMaxChars));

/** POST /chat/messages (and the fields of the multipart upload). Idempotent on message_id. */
export const SendMessageRequest = z.object({
  message: MessageText,
  message_id: Id,
  conversation_id: Id.nullable().optional(),
  project_id: Id.nullable().optional(),
  prompt_generator_id: Id.nullable().optional(),
  provider: ProviderName,
  model: z.string().min(1).max(200),
  include_conversation_history: z.boolean().default(true),
  comparison_id: Id.nullable().optional(),
  /**
   * Regenerate or "Edit and resend": the turn (of `conversation_id`) this send is a new version
   * of. The new turn takes that turn's place, beside it, and the branch below it starts anew.
   * Without it the turn follows the conversation's current branch.
   */
  version_of: Id.nullable().optional(),
  /**
   * A new chat's settings (parameters and system prompt), stored with it by its first send.
   * Absent: the chat starts with none. Ignored for a chat that exists (it keeps its own).
   */
  chat_settings: ChatSettings.optional(),
  /**
   * The composer's Web search toggle as the send leaves: the model may search the web and read
   * pages for this turn. Absent: the chat's stored setting (`chat_settings.web_search`).
   */
  web_search: z.boolean().optional(),
  /** The chat's MCP choice as the send leaves. Absent: the chat's stored one (`chat_settings.mcp`). */
  mcp: ChatMcpChoice.optional(),
});
export type SendMessageRequest = z.infer<typeof SendMessageRequest>;

/**
 * Answer to a send. With a connected socket it comes at once with status streaming and no
 * response; without one it carries the whole response.
 */
export const MessageResponse = z.object({
  id: Id,
  conversation_id: Id,
  message: z.string(),
  response: z.string().nullable(),
  created_at: IsoTimestamp,
  is_authenticated: z.boolean(),
  provider: ProviderName,
  model: z.string(),
  model_friendly_name: z.string(),
  status: MessageStatus,
  attachments: z.array(Attachment),
  /** Null when the caller has no daily limit. */
  remaining_messages: z.int().nonnegative().nullable(),
  request_id: z.string(),
  /** The project files the answer drew on (empty while it streams: see ai_status completed). */
  sources: z.array(MessageSource),
  /** The tools the answer called (absent: none, or still streaming: see ai_tool events). */
  tool_calls: z.array(ToolCallView).optional(),
  /** The answer's numbered web sources (absent: none, or still streaming). */
  citations: z.array(Citation).optional(),
});
export type MessageResponse = z.infer<typeof MessageResponse>;

/**
 * GET /chat/messages. `conversation_id` narrows to one conversation (chat detail); `cursor`,
 * from the previous page, fetches the older turns before it.
 */
export const HistoryQuery = z.object({
  limit: limitQuery(LIMITS.historyPageSize),
  offset: OffsetQuery,
  excludeComparisons: QueryBoolean.default(true),
  conversation_id: Id.optional(),
  cursor: z.string().min(1).max(512).optional(),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

export const HistoryResponse = z.object({
  messages: z.array(ChatMessage),
  has_more: z.boolean(),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  cursor: z.string().nullable(),
  remaining_messages: z.int().nonnegative().nullable(),
});
export type HistoryResponse = z.infer<typeof HistoryResponse>;

/**
 * POST /chat/messages/{id}/select: shows that version of its turn, with the branch below it
 * that was shown last. Remembered per conversation; answers with the new current branch.
 */
export const SelectVersionParams = z.object({ id: Id });
export type SelectVersionParams = z.infer<typeof SelectVersionParams>;

/**
 * POST /chat/messages/{id}/continue: the model carries on with a stopped, cut or broken-off
 * answer; the same turn's answer grows. Answers like a send (streaming when X-Connection-Id
 * names a live socket) and spends one message.
 */
export const ContinueParams = z.object({ id: Id });
export type ContinueParams = z.infer<typeof ContinueParams>;

/**
 * What the rate-limit modal explains beyond the spec's fields: when the allowance renews, and
 * what a free account gets (the offer made to visitors).
 */
const AllowanceDetails = {
  /** When today's allowance renews: the next 00:00 UTC. Null when the caller has no limit. */
  resets_at: IsoTimestamp.nullable(),
  /** The free plan's daily allowance, what signing up gives; null when it is unlimited. */
  free_daily_limit: z.int().nonnegative().nullable(),
};

/** GET /chat/remaining-messages. */
export const RemainingMessagesResponse = z.object({
  remaining_messages: z.int().nonnegative().nullable(),
  daily_limit: z.int().nonnegative().nullable(),
  is_authenticated: z.boolean(),
  ...AllowanceDetails,
});
export type RemainingMessagesResponse = z.infer<typeof RemainingMessagesResponse>;

/** POST /chat/check-limits. */
export const CheckLimitsRequest = z.object({
  provider: ProviderName,
  model: z.string().min(1).max(200),
  conversation_id: Id.nullable().optional(),
});
export type CheckLimitsRequest = z.infer<typeof CheckLimitsRequest>;

export const LimitsResponse = z.object({
  can_send_message: z.boolean(),
  remaining_messages: z.int().nonnegative().nullable(),
  daily_limit: z.int().nonnegative().nullable(),
  is_authenticated: z.boolean(),
  ...AllowanceDetails,
});
export type LimitsResponse = z.infer<typeof LimitsResponse>;

/** POST /chat/cancel (body) or /chat/cancel/{requestId} (empty body). */
export const CancelRequest = z.object({
  message_id: Id.optional(),
  request_id: z.string().min(1).max(128).optional(),
});
export type CancelRequest = z.infer<typeof CancelRequest>;

export const CancelParams = z.object({ requestId: z.string().min(1).max(128) });
export type CancelParams = z.infer<typeof CancelParams>;

/** `cancelled` is false when nothing was running (already finished or unknown id). */
export const CancelResponse = z.object({ cancelled: z.boolean() });
export type CancelResponse = z.infer<typeof CancelResponse>;

/** POST /chat/clear-visitor-messages. */
export const ClearVisitorMessagesResponse = z.object({ deleted: z.int().nonnegative() });
export type ClearVisitorMessagesResponse = z.infer<typeof ClearVisitorMessagesResponse>;
