import type { IsoTimestamp } from './conventions';

// Projects and their knowledge files.

/** A user's group of chats (migration 0070). */
export interface ProjectsTable {
  id: string;
  user_id: string;
  name: string;
  description: string;
  /** An emoji. */
  icon: string;
  /** One of the contract's PROJECT_COLOURS. */
  colour: string;
  /** The system message of every turn in the project's chats. */
  instructions: string;
  /** Registry id of the model new chats in the project start on. */
  default_model: string | null;
  archived: number;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** A project's knowledge file (migration 0110); its bytes are in the knowledge file storage. */
export interface KnowledgeFilesTable {
  id: string;
  project_id: string;
  user_id: string;
  filename: string;
  content_type: string;
  size: number;
  storage_name: string;
  /** indexing | ready | failed */
  state: string;
  error: string | null;
  chunk_count: number;
  attempts: number;
  /** Until when the indexing process holds the file; null when nobody does. */
  lease_until: IsoTimestamp | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}
