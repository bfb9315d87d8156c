import { z } from 'zod';
import { ChatMcpChoice } from './mcp';
import { Citation, ToolCallView } from './tools';
import { LIMITS, COMPARE_MAX_PANELS, COMPARE_MIN_PANELS } from '../constants';
import { Id, IsoTimestamp, MAX_PAGE_LIMIT, OffsetQuery, ProviderName, limitQuery } from './common';
import { MessageStatus, MessageText } from './messages';

/*
 * Compare: /api/v1/compare/... A comparison session is a set of 2–6 panels, each a
 * conversation of kind comparison continuing its own thread with one model. In a blind session
 * model names, providers and prices are null until the first vote (or "continue") reveals them,
 * and the panels are shown in the shuffled order they were stored in.
 */

/** A panel as the client addresses it: its position on screen, 0-based. */
export const PanelIndex = z
  .int()
  .min(0)
  .max(COMPARE_MAX_PANELS - 1);
export type PanelIndex = z.infer<typeof PanelIndex>;

/** POST /compare/sessions. `comparison_id` comes from allocate-id?allocate_comparison_id=true. */
export const CreateCompareSessionRequest = z.object({
  comparison_id: Id.optional(),
  models: z.array(z.string().min(1).max(200)).min(COMPARE_MIN_PANELS).max(COMPARE_MAX_PANELS),
  blind: z.boolean().default(false),
  title: z.string().trim().min(1).max(200).optional(),
});
export type CreateCompareSessionRequest = z.infer<typeof CreateCompareSessionRequest>;

export const ComparePanel = z.object({
  index: PanelIndex,
  /** "Model A", "Model B"... in blind sessions; the model's name otherwise. */
  label: z.string(),
  model: z.string().nullable(),
  provider: ProviderName.nullable(),
  model_friendly_name: z.string().nullable(),
  input_price_per_million: z.number().nonnegative().nullable(),
  output_price_per_million: z.number().nonnegative().nullable(),
  /** The panel's own conversation; null while the session is blind. */
  conversation_id: Id.nullable(),
});
export type ComparePanel = z.infer<typeof ComparePanel>;

/** One panel's answer to one prompt (a chat message sent with the session's comparison_id). */
export const CompareAnswer = z.object({
  panel: PanelIndex,
  message_id: Id,
  status: MessageStatus,
  response: z.string().nullable(),
  error: z.string().nullable(),
  input_tokens: z.int().nonnegative().nullable(),
  output_tokens: z.int().nonnegative().nullable(),
  ttft_ms: z.int().nonnegative().nullable(),
  tokens_per_second: z.number().nonnegative().nullable(),
  /** USD, from the model's prices; null while blind or before usage is known. */
  cost_usd: z.number().nonnegative().nullable(),
  created_at: IsoTimestamp,
  /** The tools the answer called; absent: none. */
  tool_calls: z.array(ToolCallView).optional(),
  /** The answer's numbered web sources; absent: none. */
  citations: z.array(Citation).optional(),
});
export type CompareAnswer = z.infer<typeof CompareAnswer>;

export const CompareVoteChoice = z.union([PanelIndex, z.literal('tie'), z.literal('all_bad')]);
export type CompareVoteChoice = z.infer<typeof CompareVoteChoice>;

export const CompareTurn = z.object({
  index: z.int().nonnegative(),
  prompt: z.string(),
  answers: z.array(CompareAnswer),
  vote: CompareVoteChoice.nullable(),
});
export type CompareTurn = z.infer<typeof CompareTurn>;

export const CompareSessionSummary = z.object({
  id: Id,
  title: z.string(),
  blind: z.boolean(),
  /** False while a blind session hides its models. */
  revealed: z.boolean(),
  panel_labels: z.array(z.string()),
  turn_count: z.int().nonnegative(),
  /** Starred: the favourites call lists the session as its first panel's conversation. */
  is_favourite: z.boolean(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type CompareSessionSummary = z.infer<typeof CompareSessionSummary>;

export const CompareSession = CompareSessionSummary.extend({
  panels: z.array(ComparePanel),
  turns: z.array(CompareTurn),
});
export type CompareSession = z.infer<typeof CompareSession>;

/** GET /compare/sessions. */
export const CompareListQuery = z.object({
  search: z.string().max(200).optional(),
  offset: OffsetQuery,
  limit: limitQuery(LIMITS.historyPageSize, MAX_PAGE_LIMIT),
});
export type CompareListQuery = z.infer<typeof CompareListQuery>;

export const CompareListResponse = z.object({
  sessions: z.array(CompareSessionSummary),
  total: z.int().nonnegative(),
  has_more: z.boolean(),
});
export type CompareListResponse = z.infer<typeof CompareListResponse>;

export const ComparePanelParams = z.object({ id: Id, panel: z.coerce.number().pipe(PanelIndex) });
export type ComparePanelParams = z.infer<typeof ComparePanelParams>;

/** POST /compare/sessions/{id}/panels/{panel}/messages: one panel's turn (or its retry). */
export const ComparePanelSendRequest = z.object({
  message: MessageText,
  message_id: Id,
  /** The comparison's Web search toggle: every panel's model may search for this turn. */
  web_search: z.boolean().optional(),
  /** The comparison's MCP choice: every panel's model may use these servers for this turn. */
  mcp: ChatMcpChoice.optional(),
});
export type ComparePanelSendRequest = z.infer<typeof ComparePanelSendRequest>;

export const ComparePanelSendResponse = z.object({
  panel: PanelIndex,
  message_id: Id,
  status: MessageStatus,
  response: z.string().nullable(),
  request_id: z.string(),
  remaining_messages: z.int().nonnegative().nullable(),
});
export type ComparePanelSendResponse = z.infer<typeof ComparePanelSendResponse>;

/** POST /compare/sessions/{id}/votes. */
export const CompareVoteRequest = z.object({
  turn_index: z.int().nonnegative(),
  winner: CompareVoteChoice,
});
export type CompareVoteRequest = z.infer<typeof CompareVoteRequest>;

/** POST /compare/sessions/{id}/continue. */
export const CompareContinueRequest = z.object({ panel: PanelIndex });
export type CompareContinueRequest = z.infer<typeof CompareContinueRequest>;
export const CompareContinueResponse = z.object({ conversation_id: Id });
export type CompareContinueResponse = z.infer<typeof CompareContinueResponse>;

/** POST /compare/check-limits: are `panels` units left today? Each panel spends one. */
export const CompareCheckLimitsRequest = z.object({
  panels: z.int().min(1).max(COMPARE_MAX_PANELS),
});
export type CompareCheckLimitsRequest = z.infer<typeof CompareCheckLimitsRequest>;
export const CompareCheckLimitsResponse = z.object({
  can_send: z.boolean(),
  needed: z.int().positive(),
  remaining_messages: z.int().nonnegative().nullable(),
  daily_limit: z.int().nonnegative().nullable(),
});
export type CompareCheckLimitsResponse = z.infer<typeof CompareCheckLimitsResponse>;
