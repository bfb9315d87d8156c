import { z } from 'zod';
import {
  LIMITS,
  CONVERSATION_LIST_DEFAULT_LIMIT,
  CONVERSATION_TITLE_MAX_CHARS,
} from '../constants';
import { Id, IsoTimestamp, QueryBoolean, limitQuery, OffsetQuery } from './common';

/** Spec §3 "Conversation" and §7 "Conversations" (/api/v1/chat/conversations). */

export const ConversationKind = z.enum(['regular', 'comparison', 'prompt_generator']);
export type ConversationKind = z.infer<typeof ConversationKind>;

const Title = z.string().trim().min(1).max(CONVERSATION_TITLE_MAX_CHARS);

export const Conversation = z.object({
  id: Id,
  title: z.string(),
  kind: ConversationKind,
  is_favourite: z.boolean(),
  project_id: Id.nullable(),
  comparison_id: Id.nullable(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
  last_message_at: IsoTimestamp.nullable(),
  message_count: z.int().nonnegative(),
});
export type Conversation = z.infer<typeof Conversation>;

/** GET /chat/conversations/ — query names as the spec gives them. */
export const ConversationListQuery = z.object({
  offset: OffsetQuery,
  limit: limitQuery(CONVERSATION_LIST_DEFAULT_LIMIT),
  search: z.string().trim().max(200).optional(),
  is_favourite: QueryBoolean.optional(),
  excludeComparisons: QueryBoolean.default(true),
  /** Only the chats of this project (a project's page). */
  project_id: Id.optional(),
  /**
   * Only conversations of this kind (the prompt generator's page lists its sessions); when set,
   * excludeComparisons does not apply.
   */
  kind: ConversationKind.optional(),
});
export type ConversationListQuery = z.infer<typeof ConversationListQuery>;

export const ConversationListResponse = z.object({
  conversations: z.array(Conversation),
  total: z.int().nonnegative(),
  has_more: z.boolean(),
});
export type ConversationListResponse = z.infer<typeof ConversationListResponse>;

/** GET /chat/conversations/recent. */
export const RecentConversationsQuery = z.object({
  limit: limitQuery(LIMITS.recentConversationsDefault),
  excludeComparisons: QueryBoolean.default(true),
});
export type RecentConversationsQuery = z.infer<typeof RecentConversationsQuery>;

export const RecentConversationsResponse = z.object({ conversations: z.array(Conversation) });
export type RecentConversationsResponse = z.infer<typeof RecentConversationsResponse>;

/** POST /chat/conversations/. Without a title the server names it after the first exchange. */
export const CreateConversationRequest = z.object({
  title: Title.optional(),
  kind: ConversationKind.default('regular'),
  project_id: Id.nullable().optional(),
});
export type CreateConversationRequest = z.infer<typeof CreateConversationRequest>;

/** PUT /chat/conversations/{id}. */
export const UpdateConversationRequest = z.object({ title: Title });
export type UpdateConversationRequest = z.infer<typeof UpdateConversationRequest>;

/** PUT /chat/conversations/{id}/favourite: without is_favourite the flag toggles. */
export const FavouriteRequest = z.object({ is_favourite: z.boolean().optional() });
export type FavouriteRequest = z.infer<typeof FavouriteRequest>;

/** PUT /chat/conversations/{id}/project. */
export const AssignProjectRequest = z.object({ project_id: Id });
export type AssignProjectRequest = z.infer<typeof AssignProjectRequest>;
