import type { IsoTimestamp } from './conventions';

// Prompt templates and the prompt generator's instructions.

/** Prompt template categories, in the admins' order (migration 0120). */
export interface PromptTemplateCategoriesTable {
  id: string;
  name: string;
  position: number;
  created_at: IsoTimestamp;
}

/** A prompt template's current version (migration 0120). owner_id NULL: the library. */
export interface PromptTemplatesTable {
  id: string;
  owner_id: string | null;
  /** private | public (only library templates are ever public). */
  visibility: string;
  featured: number;
  title: string;
  description: string;
  category_id: string | null;
  /** JSON array of lower-case tags. */
  tags: string;
  body: string;
  version: number;
  use_count: number;
  copied_from: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** Every saved version of a template, the current one included. */
export interface PromptTemplateVersionsTable {
  template_id: string;
  version: number;
  title: string;
  description: string;
  category_id: string | null;
  tags: string;
  body: string;
  created_by: string | null;
  created_at: IsoTimestamp;
}

export interface PromptTemplateFavouritesTable {
  user_id: string;
  template_id: string;
  created_at: IsoTimestamp;
}

/** One version of a prompt generator's instructions (migration 0130); rows are never updated. */
export interface PromptGeneratorInstructionsTable {
  generator_id: string;
  version: number;
  body: string;
  created_at: IsoTimestamp;
  created_by: string | null;
}
