/**
 * Where uploaded bytes live, by name. Names are made by the caller and are flat: a driver
 * keeps only their last path segment, so a name read back from the database can never point
 * outside the store.
 */
export interface FileStorage {
  /** Stores a new file; fails when the name is already taken (names are never reused). */
  write(name: string, data: Buffer): Promise<void>;
  read(name: string): Promise<Buffer>;
  /** Removes each name; a name already gone is not an error, and one failure stops none. */
  remove(names: readonly string[]): Promise<void>;
  /** Every stored name (none when nothing was ever stored). */
  list(): Promise<string[]>;
  /** When the file was last written, in ms since the epoch; null when it is not a file. */
  modifiedAt(name: string): Promise<number | null>;
}
