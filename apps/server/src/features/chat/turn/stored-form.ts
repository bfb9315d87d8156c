/** The texts of a turn and its chat that a stored form may seal, each with its row's id. */
export type StoredField =
  'title' | 'content' | 'response' | 'filename' | 'tool_calls' | 'citations';

/**
 * How a turn is kept at rest: what its texts and files become before they are written, and how
 * they are read back. A chat's turns are stored as they are; a vault turn is sealed under a key
 * that lives only in its request and its running generation (features/vault).
 */
export interface StoredForm {
  /**
   * True when nothing readable may stay at rest: the replay log (the answer's tokens in plain,
   * kept for reconnects) is dropped the moment the answer ends, and the chat is never named
   * after a turn.
   */
  readonly sealed: boolean;
  /** The text as written to the column of the row `id`. */
  seal(field: StoredField, id: string, text: string): string;
  /** The text of a stored column, or null when this form cannot open it. */
  open(field: StoredField, id: string, stored: string): string | null;
  /** The bytes of the file `id` as written to attachment storage. */
  sealFile(id: string, data: Buffer): Buffer;
  /** The bytes of a stored file, or null when this form cannot open them. */
  openFile(id: string, stored: Buffer): Buffer | null;
}

/** A chat's turns: stored as they are. */
export const PLAIN_FORM: StoredForm = {
  sealed: false,
  seal: (_field, _id, text) => text,
  open: (_field, _id, stored) => stored,
  sealFile: (_id, data) => data,
  openFile: (_id, stored) => stored,
};
