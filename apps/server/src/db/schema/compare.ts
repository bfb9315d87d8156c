import type { Generated } from 'kysely';
import type { IsoTimestamp } from './conventions';

// Comparisons: sessions, their allocated ids, panels and votes.

/** Compare (migration 0030). `id` is the comparison_id its panel messages carry. */
export interface CompareSessionsTable {
  id: string;
  user_id: string | null;
  visitor_id: string | null;
  title: string;
  blind: number;
  revealed_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  /** The owner of a comparison kept in the vault (user_id is null then; migration 0140). */
  vault_user_id: Generated<string | null>;
}

/**
 * A comparison id allocate-id handed out and no session has taken yet (migration 0250): only
 * its owner's first send may create the session under it.
 */
export interface CompareAllocationsTable {
  id: string;
  user_id: string | null;
  visitor_id: string | null;
  created_at: IsoTimestamp;
}

/** One panel: a conversation of kind comparison answered by one model. */
export interface ComparePanelsTable {
  session_id: string;
  position: number;
  /** Registry id of the model (models.id). */
  model: string;
  conversation_id: string;
}

/** The verdict on one turn: outcome 'panel' (winner_position), 'tie' or 'all_bad'. */
export interface CompareVotesTable {
  session_id: string;
  turn_index: number;
  outcome: string;
  winner_position: number | null;
  created_at: IsoTimestamp;
}
