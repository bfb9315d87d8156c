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
  /** 1: the models were hidden when the vote was cast (migration 0420). */
  blind: Generated<number>;
  /** JSON array of the panels' models in position order. */
  models: Generated<string | null>;
  prompt_hash: Generated<string | null>;
  /** JSON [[characters, markdown elements], …] per panel position. */
  style: Generated<string | null>;
  /** JSON array of ArenaCategory, once classified. */
  categories: Generated<string | null>;
  /** Why the global board leaves this blind vote out ('daily_cap'), or null. */
  excluded: Generated<string | null>;
  decision_ms: Generated<number | null>;
}

/** Blind votes counted toward the global board per account and UTC day (migration 0420). */
export interface ArenaVoteDaysTable {
  user_id: string;
  day: string;
  votes: number;
}

/** A computed global board, read as it is (migration 0420). */
export interface ArenaBoardsTable {
  key: string;
  version: number;
  payload: string;
  computed_at: IsoTimestamp;
}

/** One row (id 1): the votes' version and the arena's admin settings. */
export interface ArenaStateTable {
  id: number;
  version: number;
  classifier_model: string | null;
}
