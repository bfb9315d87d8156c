import type { IsoTimestamp } from './conventions';

// Chat settings and presets (migration 0300).

/** A chat's parameters and system prompt: the contract's ChatSettings as JSON. */
export interface ChatSettingsTable {
  conversation_id: string;
  settings: string;
  updated_at: IsoTimestamp;
}

/** A user's named preset: model (or none) + ChatSettings JSON; at most one default each. */
export interface ChatPresetsTable {
  id: string;
  user_id: string;
  name: string;
  provider: string | null;
  model: string | null;
  settings: string;
  is_default: number;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}
