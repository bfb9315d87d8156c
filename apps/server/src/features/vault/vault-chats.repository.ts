import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { AttachmentsTable, Database } from '../../db/schema';

export type VaultAttachmentRow = Selectable<AttachmentsTable>;

/** How long a move into the vault keeps trying to empty SQLite's WAL: 40 × 50 ms. */
const CHECKPOINT_ATTEMPTS = 40;
const CHECKPOINT_RETRY_MS = 50;

/**
 * What the vault stores beside chat's turns and conversations' rows (each asked of its owner):
 * its chats' files' rows, a comparison's session, and the clean-up after a move. In the vault
 * an item has no owner (user_id and visitor_id null) and search_excluded = 1: every list,
 * search, count, export and by-id query of the other features is scoped by user_id, so none of
 * them can reach it.
 */
export class VaultChatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The same queries over `db` (the transaction of a move, or of a turn with its files). */
  within(db: Kysely<Database>): VaultChatsRepository {
    return new VaultChatsRepository(db);
  }

  /** Runs `work` in one transaction; `trx` is handed to every owner's `within`. */
  transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** A vault turn's files: names and bytes sealed by the caller, owned by no account. */
  async insertFiles(rows: ReadonlyArray<Insertable<AttachmentsTable>>): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('attachments')
      .values([...rows])
      .execute();
  }

  filesOf(messageIds: readonly string[]): Promise<VaultAttachmentRow[]> {
    if (messageIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('attachments')
      .selectAll()
      .where('message_id', 'in', [...messageIds])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** A file's rewritten name and bytes (stored under a new name), and its owner. */
  async rewriteFile(
    id: string,
    changes: { user_id: string | null; filename: string; storage_name: string },
  ): Promise<void> {
    await this.db
      .updateTable('attachments')
      .set({ ...changes, visitor_id: null })
      .where('id', '=', id)
      .execute();
  }

  /** A comparison's session on one side of the vault. */
  comparison(
    side: { kind: 'owned' | 'vault'; userId: string },
    id: string,
  ): Promise<{ id: string; title: string } | undefined> {
    return this.db
      .selectFrom('compare_sessions')
      .select(['id', 'title'])
      .where('id', '=', id)
      .where(side.kind === 'owned' ? 'user_id' : 'vault_user_id', '=', side.userId)
      .executeTakeFirst();
  }

  async moveComparison(
    id: string,
    move: { intoVault: boolean; userId: string; title: string },
  ): Promise<void> {
    await this.db
      .updateTable('compare_sessions')
      .set({
        user_id: move.intoVault ? null : move.userId,
        visitor_id: null,
        vault_user_id: move.intoVault ? move.userId : null,
        title: move.title,
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * The plain versions of a chat just sealed outlive the move in the database's files.
   *
   * SQLite keeps the pages a write replaced in its WAL file until a checkpoint: fold them into
   * the database (where secure_delete zeroed the old rows) and empty the WAL. A busy reader
   * only delays it to a later checkpoint.
   *
   * PostgreSQL keeps every replaced row version (a dead tuple) in the table's pages until a
   * VACUUM removes it, which autovacuum does only once enough of a table changed. A plain
   * VACUUM of the tables the move rewrote runs here, outside the move's transaction (VACUUM
   * cannot run inside one); it takes no lock that blocks reads or writes. WARNING: best effort.
   * It removes the old versions (no query, no dump, not even a page inspector finds them), but
   * not versions an older transaction still sees; the space it frees keeps their bytes until
   * new rows overwrite it; and the WAL (pg_wal, archives, replicas) and earlier backups keep
   * whatever they already hold.
   */
  async dropOldPageVersions(): Promise<void> {
    if (dialectOf(this.db) === 'postgres') {
      await sql`vacuum messages, conversations, attachments, compare_sessions, search_documents`.execute(
        this.db,
      );
      return;
    }
    // Merging the index's segments drops the removed words for good (a rare, owner-started call).
    await sql`insert into search_fts (search_fts) values ('optimize')`.execute(this.db);
    // The background checkpointer's own (passive) checkpoint, or a reader, makes this one
    // answer busy: it is tried again for a while rather than leaving the WAL as it was.
    for (let attempt = 0; attempt < CHECKPOINT_ATTEMPTS; attempt++) {
      const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(
        this.db,
      );
      if (Number(rows[0]?.busy ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_RETRY_MS));
    }
    throw new Error('the WAL could not be checkpointed: a reader kept it busy');
  }
}
