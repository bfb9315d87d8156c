import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import { dialectOf } from '../../db/dialect';
import type {
  AttachmentsTable,
  ConversationsTable,
  Database,
  MessagesTable,
} from '../../db/schema';

export type VaultConversationRow = Selectable<ConversationsTable>;
export type VaultMessageRow = Selectable<MessagesTable>;
export type VaultAttachmentRow = Selectable<AttachmentsTable>;

/** The rows of one vault item: a chat, or a comparison with each panel's chat. */
export interface ItemRows {
  conversations: VaultConversationRow[];
  messages: VaultMessageRow[];
  attachments: VaultAttachmentRow[];
  comparison: { id: string; title: string } | undefined;
}

/** How each text of an item is rewritten (sealed going in, opened coming out). */
export interface ItemRewrite {
  conversationTitle(row: VaultConversationRow): string;
  messageContent(row: VaultMessageRow): string;
  messageResponse(row: VaultMessageRow): string | null;
  attachmentName(row: VaultAttachmentRow): string;
  /** The file's new storage name (its bytes were rewritten under it beforehand). */
  attachmentStorage(row: VaultAttachmentRow): string;
  comparisonTitle(id: string, title: string): string;
}

/** How long a move into the vault keeps trying to empty SQLite's WAL: 40 × 50 ms. */
const CHECKPOINT_ATTEMPTS = 40;
const CHECKPOINT_RETRY_MS = 50;

type Side = { kind: 'owned'; userId: string } | { kind: 'vault'; userId: string };

/**
 * Moves chats and comparisons into and out of the vault. In the vault an item has no owner
 * (user_id and visitor_id null) and search_excluded = 1: every list, search, count, export and
 * by-id query of the other features is scoped by user_id, so none of them can reach it.
 */
export class VaultChatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(userId: string): Promise<Array<VaultConversationRow & { message_count: number }>> {
    return (
      this.db
        .selectFrom('conversations as c')
        .selectAll('c')
        .select((eb) =>
          eb
            .selectFrom('messages as m')
            .select(eb.fn.countAll<number>().as('n'))
            .where((inner) =>
              inner.or([
                inner('m.conversation_id', '=', inner.ref('c.id')),
                // A comparison's count is every panel's turns.
                inner(
                  'm.conversation_id',
                  'in',
                  inner
                    .selectFrom('conversations as panel')
                    .select('panel.id')
                    .whereRef('panel.comparison_id', '=', 'c.comparison_id')
                    .where('panel.vault_user_id', '=', userId),
                ),
              ]),
            )
            .as('message_count'),
        )
        .where('c.vault_user_id', '=', userId)
        // Every panel of a comparison is a conversation of kind 'comparison': the comparison is
        // listed once, by its first panel (the earliest; ids break a tie in created_at).
        .where((eb) =>
          eb.or([
            eb('c.comparison_id', 'is', null),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('conversations as earlier')
                  .select('earlier.id')
                  .whereRef('earlier.comparison_id', '=', 'c.comparison_id')
                  .where('earlier.vault_user_id', '=', userId)
                  .where((w) =>
                    w.or([
                      w('earlier.created_at', '<', w.ref('c.created_at')),
                      w.and([
                        w('earlier.created_at', '=', w.ref('c.created_at')),
                        w('earlier.id', '<', w.ref('c.id')),
                      ]),
                    ]),
                  ),
              ),
            ),
          ]),
        )
        .orderBy('c.updated_at', 'desc')
        .orderBy('c.id', 'desc')
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, message_count: Number(r.message_count ?? 0) })))
    );
  }

  /** The item in the vault of `userId` (or owned by `userId`, for moving in). */
  find(side: Side, conversationId: string): Promise<ItemRows | undefined> {
    return this.#load(this.db, side, conversationId);
  }

  /**
   * Rewrites every text of the item and hands it to the other side, in one transaction.
   * Undefined when the item is not (or no longer) on the `from` side.
   */
  async move(
    from: Side,
    conversationId: string,
    rewrite: ItemRewrite,
    now: string,
  ): Promise<ItemRows | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await this.#load(trx, from, conversationId);
      if (rows === undefined) return undefined;
      const intoVault = from.kind === 'owned';
      const userId = from.userId;
      const ownerColumns = intoVault
        ? { user_id: null, visitor_id: null }
        : { user_id: userId, visitor_id: null };
      // Into the vault: the chat leaves the index first, so no sealed text is ever indexed.
      // Out of it: the turns are plain again before the chat rejoins the index.
      if (intoVault)
        await this.#rewriteConversations(trx, rows, rewrite, ownerColumns, true, userId, now);
      for (const message of rows.messages) {
        await trx
          .updateTable('messages')
          .set({
            ...ownerColumns,
            content: rewrite.messageContent(message),
            response: rewrite.messageResponse(message),
          })
          .where('id', '=', message.id)
          .execute();
      }
      for (const attachment of rows.attachments) {
        await trx
          .updateTable('attachments')
          .set({
            ...ownerColumns,
            filename: rewrite.attachmentName(attachment),
            storage_name: rewrite.attachmentStorage(attachment),
          })
          .where('id', '=', attachment.id)
          .execute();
      }
      if (rows.comparison !== undefined) {
        await trx
          .updateTable('compare_sessions')
          .set({
            ...ownerColumns,
            vault_user_id: intoVault ? userId : null,
            title: rewrite.comparisonTitle(rows.comparison.id, rows.comparison.title),
          })
          .where('id', '=', rows.comparison.id)
          .execute();
      }
      if (!intoVault)
        await this.#rewriteConversations(trx, rows, rewrite, ownerColumns, false, userId, now);
      return rows;
    });
  }

  /** A new chat that starts inside the vault: no owner, never indexed. */
  async insertChat(id: string, userId: string, sealedTitle: string, now: string): Promise<void> {
    await this.db
      .insertInto('conversations')
      .values({
        id,
        user_id: null,
        visitor_id: null,
        vault_user_id: userId,
        search_excluded: 1,
        title: sealedTitle,
        title_set: 1,
        kind: 'regular',
        is_favourite: 0,
        project_id: null,
        comparison_id: null,
        created_at: now,
        updated_at: now,
        last_message_at: null,
        current_leaf_id: null,
      })
      .execute();
  }

  /** False when the message id is taken already (a repeated send). */
  async insertTurn(row: Insertable<MessagesTable>, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('messages')
        .values(row)
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      await trx
        .updateTable('conversations')
        .set({ current_leaf_id: row.id, last_message_at: now, updated_at: now })
        .where('id', '=', row.conversation_id ?? '')
        .execute();
      return true;
    });
  }

  /** Writes a turn's (sealed) answer so far, or its final state. */
  async updateTurn(id: string, changes: Updateable<MessagesTable>): Promise<void> {
    await this.db.updateTable('messages').set(changes).where('id', '=', id).execute();
  }

  findTurn(id: string): Promise<VaultMessageRow | undefined> {
    return this.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A vault turn's files: names and bytes sealed by the caller, owned by no account. */
  async insertFiles(rows: ReadonlyArray<Insertable<AttachmentsTable>>): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('attachments')
      .values([...rows])
      .execute();
  }

  /** The turn, when it is still being answered and lies in the vault of `userId`. */
  findRunning(userId: string, messageId: string): Promise<{ id: string } | undefined> {
    return this.db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select('m.id')
      .where('m.id', '=', messageId)
      .where('c.vault_user_id', '=', userId)
      .where('m.status', 'in', ['pending', 'streaming'])
      .executeTakeFirst();
  }

  /** A turn in the vault of `userId`: the chat it belongs to, or undefined. */
  async findVaultTurn(
    userId: string,
    messageId: string,
  ): Promise<{ id: string; conversation_id: string } | undefined> {
    const row = await this.db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select(['m.id', 'c.id as conversation_id'])
      .where('m.id', '=', messageId)
      .where('c.vault_user_id', '=', userId)
      .executeTakeFirst();
    return row;
  }

  /** Shows a version: chosen now, and the chat's branch ends at `leafId` below it. */
  async chooseVersion(
    messageId: string,
    conversationId: string,
    leafId: string,
    now: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('messages')
        .set({ chosen_at: now })
        .where('id', '=', messageId)
        .execute();
      await trx
        .updateTable('conversations')
        .set({ current_leaf_id: leafId })
        .where('id', '=', conversationId)
        .execute();
    });
  }

  /** The turns being answered in the vault of `userId`. */
  runningIn(userId: string): Promise<Array<{ id: string }>> {
    return this.db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select('m.id')
      .where('c.vault_user_id', '=', userId)
      .where('m.status', 'in', ['pending', 'streaming'])
      .execute();
  }

  /** Clears the turn's charge if it still is `day`: true for one caller only (one refund). */
  async clearCharge(id: string, day: string): Promise<boolean> {
    const result = await this.db
      .updateTable('messages')
      .set({ charged_day: null })
      .where('id', '=', id)
      .where('charged_day', '=', day)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async touchChat(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('conversations')
      .set({ updated_at: now, last_message_at: now })
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

  async #rewriteConversations(
    trx: Transaction<Database>,
    rows: ItemRows,
    rewrite: ItemRewrite,
    ownerColumns: { user_id: string | null; visitor_id: null },
    intoVault: boolean,
    userId: string,
    now: string,
  ): Promise<void> {
    for (const conversation of rows.conversations) {
      await trx
        .updateTable('conversations')
        .set({
          ...ownerColumns,
          vault_user_id: intoVault ? userId : null,
          search_excluded: intoVault ? 1 : 0,
          // A project lists its chats by owner; the chat comes back out without one.
          project_id: null,
          title: rewrite.conversationTitle(conversation),
          updated_at: now,
        })
        .where('id', '=', conversation.id)
        .execute();
    }
  }

  async #load(
    db: Kysely<Database>,
    side: Side,
    conversationId: string,
  ): Promise<ItemRows | undefined> {
    const ownerColumn = side.kind === 'owned' ? 'user_id' : 'vault_user_id';
    const root = await db
      .selectFrom('conversations')
      .selectAll()
      .where('id', '=', conversationId)
      .where(ownerColumn, '=', side.userId)
      .executeTakeFirst();
    if (root === undefined) return undefined;
    const comparisonId = root.comparison_id;
    const conversations =
      comparisonId === null
        ? [root]
        : await db
            .selectFrom('conversations')
            .selectAll()
            .where((eb) =>
              eb.or([
                eb('comparison_id', '=', comparisonId),
                eb(
                  'id',
                  'in',
                  eb
                    .selectFrom('compare_panels')
                    .select('conversation_id')
                    .where('session_id', '=', comparisonId),
                ),
              ]),
            )
            .where(ownerColumn, '=', side.userId)
            .execute();
    const ids = conversations.map((c) => c.id);
    const messages = await db
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', 'in', ids)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const attachments =
      messages.length === 0
        ? []
        : await db
            .selectFrom('attachments')
            .selectAll()
            .where(
              'message_id',
              'in',
              messages.map((m) => m.id),
            )
            .execute();
    const comparison =
      comparisonId === null
        ? undefined
        : await db
            .selectFrom('compare_sessions')
            .select(['id', 'title'])
            .where('id', '=', comparisonId)
            .where(side.kind === 'owned' ? 'user_id' : 'vault_user_id', '=', side.userId)
            .executeTakeFirst();
    return { conversations, messages, attachments, comparison };
  }
}
