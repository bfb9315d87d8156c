import type { IsoTimestamp } from './conventions';

// An account's custom instructions and memory (migration 0310).

/** One row per user who saved their custom instructions or switched memory. */
export interface CustomInstructionsTable {
  user_id: string;
  /** "What should the model know about you?" */
  about: string;
  /** "How should it answer?" */
  style: string;
  /** 0/1: the instructions open the account's chats. */
  enabled: number;
  /** 0/1: "Use memory" (off until the user turns it on). */
  memory_enabled: number;
  updated_at: IsoTimestamp;
}

/** A fact the user asked to be remembered. */
export interface MemoriesTable {
  id: string;
  user_id: string;
  text: string;
  /** The turn that asked for it ("Remember that…"); null: saved by hand. */
  source_message_id: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** A chat whose owner switched custom instructions and memory for it (absent: on). */
export interface ChatPersonalizationTable {
  conversation_id: string;
  user_id: string;
  enabled: number;
}
