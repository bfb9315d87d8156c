import type { Selectable } from 'kysely';
import type { MessagesTable } from '../../db/schema';

export type MessageRow = Selectable<MessagesTable>;
export type NewMessageRow = Omit<MessageRow, 'user_id' | 'visitor_id'>;

/** Statuses of a turn whose answer is still being produced. */
export const RUNNING_STATUSES = ['pending', 'streaming'] as const;

/** The columns of a TurnLink, so that the type and the queries reading it cannot drift. */
export const TURN_LINK_COLUMNS = [
  'id',
  'conversation_id',
  'parent_id',
  'created_at',
  'chosen_at',
] as const;

/** A turn's place in its conversation's tree, without its text. */
export type TurnLink = Pick<MessageRow, (typeof TURN_LINK_COLUMNS)[number]>;

/** Statuses of a turn whose text the model is shown as an earlier turn. */
export const CONTEXT_STATUSES = ['completed', 'cancelled'] as const;
