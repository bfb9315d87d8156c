import { z } from 'zod';
import { Id, IsoTimestamp } from './common';

/**
 * A project's knowledge files (/api/v1/projects/{id}/files): text the model reads from in
 * every chat of the project, the best-matching chunks of it per turn.
 */

export const KNOWLEDGE_LIMITS = {
  maxFilesPerProject: 20,
  maxFileBytes: 10 * 1024 * 1024,
  /** What the file picker offers; the server decides from the bytes, not from the name. */
  accept:
    '.txt,.md,.markdown,.csv,.tsv,.json,.xml,.yaml,.yml,.toml,.ini,.log,.html,.css,.js,.jsx,.ts,.tsx,.py,.rb,.go,.rs,.java,.kt,.c,.h,.cpp,.hpp,.cs,.php,.sh,.sql,.pdf',
} as const;

/** indexing: being read and split; ready: searchable; failed: see `error`. */
export const KnowledgeFileState = z.enum(['indexing', 'ready', 'failed']);
export type KnowledgeFileState = z.infer<typeof KnowledgeFileState>;

export const KnowledgeFile = z.object({
  id: Id,
  project_id: Id,
  filename: z.string().min(1).max(255),
  content_type: z.string().min(1).max(255),
  size: z.int().nonnegative(),
  state: KnowledgeFileState,
  /** Why indexing failed, in words for the user; null unless failed. */
  error: z.string().nullable(),
  /** How many chunks the file was split into (0 until it is ready). */
  chunk_count: z.int().nonnegative(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type KnowledgeFile = z.infer<typeof KnowledgeFile>;

/** GET /projects/{id}/files (oldest first) and the answer of an upload (the files it added). */
export const KnowledgeFileListResponse = z.object({ files: z.array(KnowledgeFile) });
export type KnowledgeFileListResponse = z.infer<typeof KnowledgeFileListResponse>;

/** DELETE /projects/{id}/files/{fileId}. */
export const KnowledgeFileParams = z.object({ id: Id, fileId: Id });
export type KnowledgeFileParams = z.infer<typeof KnowledgeFileParams>;

export const DeleteKnowledgeFileResponse = z.object({ ok: z.literal(true) });
export type DeleteKnowledgeFileResponse = z.infer<typeof DeleteKnowledgeFileResponse>;

/**
 * A project file an answer drew on ("Sources" under the answer). The name is kept as it was
 * then: the file may since have been deleted.
 */
export const MessageSource = z.object({ file_id: Id, filename: z.string().min(1).max(255) });
export type MessageSource = z.infer<typeof MessageSource>;
