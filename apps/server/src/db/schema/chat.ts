import type { Generated } from 'kysely';
import type { IsoTimestamp } from './conventions';

// Chats: conversations, their turns and attachments, the generations running them, and their
// search index.

/** Chat (migration 0020). Exactly one of user_id / visitor_id is set on owned rows. */
export interface ConversationsTable {
  id: string;
  user_id: string | null;
  visitor_id: string | null;
  title: string;
  /** 1 once a person named it; the first exchange only renames untitled ones. */
  title_set: number;
  /** regular | comparison | prompt_generator */
  kind: string;
  is_favourite: number;
  project_id: string | null;
  comparison_id: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  last_message_at: IsoTimestamp | null;
  /** The last turn of the branch shown and sent to the model (migration 0050). */
  current_leaf_id: string | null;
  /** 1 keeps the chat out of the search index entirely (the vault's chats; migration 0100). */
  search_excluded: Generated<number>;
  /** The owner of a chat kept in the vault (user_id is null then; migration 0140). */
  vault_user_id: Generated<string | null>;
}

/** One turn: the user's content and the assistant's response. */
export interface MessagesTable {
  id: string;
  user_id: string | null;
  visitor_id: string | null;
  conversation_id: string | null;
  comparison_id: string | null;
  content: string;
  response: string | null;
  provider: string;
  /** Registry id of the model (models.id). */
  model: string;
  model_friendly_name: string;
  /** pending | streaming | completed | error | cancelled */
  status: string;
  input_tokens: number | null;
  output_tokens: number | null;
  error: string | null;
  error_code: string | null;
  request_id: string;
  include_history: number;
  /** generation_leases.process_id of the generating process; null when not running. */
  owner_process: string | null;
  /** UTC day (YYYY-MM-DD) whose allowance paid for the turn; null when nothing was spent. */
  charged_day: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  /** Time from sending the upstream request to its first token's arrival (migration 0030). */
  ttft_ms: number | null;
  /** Time from the first token's arrival to the last's; tokens/s = output_tokens / stream_ms. */
  stream_ms: number | null;
  /** The turn this one follows; null for a first turn. Versions of a turn share it (0050). */
  parent_id: string | null;
  /** When this version was last sent or chosen; the branch below a turn follows the latest. */
  chosen_at: IsoTimestamp | null;
  /** JSON array of the contract's MessageSource: the project files the answer drew on (0110). */
  sources: string | null;
  /** The prompt generator's instructions version that opened this turn (0130); null elsewhere. */
  generator_instructions_version: number | null;
  /** The provider's reason the answer's stream ended (0321): `length` when it was cut short. */
  finish_reason: Generated<string | null>;
  /** JSON of the contract's ToolCallView[] (0390), sealed in a vault turn; null: no tool called. */
  tool_calls: Generated<string | null>;
  /** JSON of the contract's Citation[] (0390), sealed in a vault turn; null: none. */
  citations: Generated<string | null>;
}

/** An answer's thumbs (migration 0320): one row per turn, the turn's owner's. */
export interface MessageFeedbackTable {
  message_id: string;
  /** up | down */
  rating: string;
  /** One of the contract's FEEDBACK_REASONS keys; thumbs-down only. */
  reason: string | null;
  comment: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

export interface AttachmentsTable {
  id: string;
  user_id: string | null;
  visitor_id: string | null;
  message_id: string | null;
  filename: string;
  content_type: string;
  size: number;
  storage_name: string;
  created_at: IsoTimestamp;
}

/** A live server process that may own generations; stale heartbeats mean it died. */
export interface GenerationLeasesTable {
  process_id: string;
  heartbeat_at: IsoTimestamp;
}

/** One row: the prefix of this installation's bus channels and keys. */
export interface BusNamespaceTable {
  id: string;
}

/**
 * One searchable text (migration 0100): a chat's title, a user message, a completed answer
 * or a project knowledge chunk. Triggers write the chat ones;
 * the full-text index beside it is FTS5 `search_fts` (SQLite) or the `tsv` column (PostgreSQL),
 * which only the search repository's raw SQL touches.
 */
export interface SearchDocumentsTable {
  /** bigint on PostgreSQL: a string from pg. */
  id: Generated<number | string>;
  /** title | message | answer | knowledge */
  kind: string;
  /** 'u:<user id>' or 'v:<visitor id>'. */
  owner_key: string;
  conversation_id: string | null;
  message_id: string | null;
  /** Knowledge chunks only: their project, file id and file name. */
  project_id: string | null;
  source_id: string | null;
  source_name: string | null;
  created_at: IsoTimestamp;
  /** Knowledge chunks only (the other texts stay in conversations and messages). */
  body: string | null;
}
