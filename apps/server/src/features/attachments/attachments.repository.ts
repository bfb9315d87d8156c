import type { Kysely, Selectable } from 'kysely';
import type { AttachmentsTable, Database } from '../../db/schema';
import { ownerColumns, type ChatOwner } from '../../infra/auth/chat-owner';

export type AttachmentRow = Selectable<AttachmentsTable>;

export class AttachmentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(
    row: Omit<AttachmentRow, 'user_id' | 'visitor_id'>,
    owner: ChatOwner,
  ): Promise<void> {
    await this.db
      .insertInto('attachments')
      .values({ ...row, ...ownerColumns(owner) })
      .execute();
  }

  findOwned(owner: ChatOwner, id: string): Promise<AttachmentRow | undefined> {
    const query = this.db.selectFrom('attachments').selectAll().where('id', '=', id);
    return (
      owner.kind === 'user'
        ? query.where('user_id', '=', owner.id)
        : query.where('visitor_id', '=', owner.id)
    ).executeTakeFirst();
  }

  /** Attaches the owner's unlinked uploads to a message. */
  async link(owner: ChatOwner, ids: readonly string[], messageId: string): Promise<void> {
    if (ids.length === 0) return;
    const query = this.db
      .updateTable('attachments')
      .set({ message_id: messageId })
      .where('id', 'in', ids)
      .where('message_id', 'is', null);
    await (
      owner.kind === 'user'
        ? query.where('user_id', '=', owner.id)
        : query.where('visitor_id', '=', owner.id)
    ).execute();
  }

  /** Deletes the owner's uploads among `ids` that no message took; answers their files. */
  async deleteUnlinked(owner: ChatOwner, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const query = this.db
      .deleteFrom('attachments')
      .where('id', 'in', ids)
      .where('message_id', 'is', null);
    const rows = await (
      owner.kind === 'user'
        ? query.where('user_id', '=', owner.id)
        : query.where('visitor_id', '=', owner.id)
    )
      .returning('storage_name')
      .execute();
    return rows.map((r) => r.storage_name);
  }

  /**
   * Deletes uploads no message took that were made before `createdBefore`, answering their
   * files. One statement: with several processes sweeping, each row is deleted (and its file
   * reported) by exactly one of them.
   */
  async deleteUnlinkedBefore(createdBefore: string): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('attachments')
      .where('message_id', 'is', null)
      .where('created_at', '<', createdBefore)
      .returning('storage_name')
      .execute();
    return rows.map((r) => r.storage_name);
  }

  /** Which of these stored file names a row still refers to. */
  async referencedStorageNames(names: readonly string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('attachments')
      .select('storage_name')
      .where('storage_name', 'in', names)
      .execute();
    return new Set(rows.map((r) => r.storage_name));
  }

  async forMessages(messageIds: readonly string[]): Promise<AttachmentRow[]> {
    if (messageIds.length === 0) return [];
    return this.db
      .selectFrom('attachments')
      .selectAll()
      .where('message_id', 'in', messageIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Storage names of a visitor's files, before their rows go with the messages. */
  async storageNamesOfVisitor(visitorId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('attachments')
      .select('storage_name')
      .where('visitor_id', '=', visitorId)
      .execute();
    return rows.map((r) => r.storage_name);
  }

  async deleteOfVisitor(visitorId: string): Promise<void> {
    await this.db.deleteFrom('attachments').where('visitor_id', '=', visitorId).execute();
  }

  async moveVisitorToUser(visitorId: string, userId: string): Promise<void> {
    await this.db
      .updateTable('attachments')
      .set({ user_id: userId, visitor_id: null })
      .where('visitor_id', '=', visitorId)
      .execute();
  }
}
