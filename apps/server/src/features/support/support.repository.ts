import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type {
  Database,
  SupportAttachmentsTable,
  SupportMessagesTable,
  SupportTicketsTable,
} from '../../db/schema';

export type TicketRow = Selectable<SupportTicketsTable>;
export type SupportMessageRow = Selectable<SupportMessagesTable> & { author_name: string | null };
export type SupportAttachmentRow = Selectable<SupportAttachmentsTable>;
export type InboxRow = TicketRow & { user_email: string };

export interface InboxFilter {
  status?: string | undefined;
  category?: string | undefined;
  q?: string | undefined;
  assigneeId?: string | undefined;
}

const INBOX_PAGE = 200;

/** Escapes LIKE wildcards so a search for "50%" means those characters. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class SupportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertTicket(row: Insertable<SupportTicketsTable>): Promise<void> {
    await this.db.insertInto('support_tickets').values(row).execute();
  }

  async updateTicket(id: string, changes: Updateable<SupportTicketsTable>): Promise<void> {
    await this.db.updateTable('support_tickets').set(changes).where('id', '=', id).execute();
  }

  findTicket(id: string): Promise<TicketRow | undefined> {
    return this.db
      .selectFrom('support_tickets')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findOwnedTicket(userId: string, id: string): Promise<TicketRow | undefined> {
    return this.db
      .selectFrom('support_tickets')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  listOwned(userId: string): Promise<TicketRow[]> {
    return this.db
      .selectFrom('support_tickets')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('last_message_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  listInbox(filter: InboxFilter): Promise<InboxRow[]> {
    let query = this.db
      .selectFrom('support_tickets')
      .innerJoin('users', 'users.id', 'support_tickets.user_id')
      .selectAll('support_tickets')
      .select('users.email as user_email');
    if (filter.status) query = query.where('support_tickets.status', '=', filter.status);
    if (filter.category) query = query.where('support_tickets.category', '=', filter.category);
    if (filter.assigneeId)
      query = query.where('support_tickets.assignee_id', '=', filter.assigneeId);
    if (filter.q) {
      const pattern = likePattern(filter.q);
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(support_tickets.subject)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`users.email`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    return query
      .orderBy('support_tickets.last_message_at', 'desc')
      .orderBy('support_tickets.id', 'desc')
      .limit(INBOX_PAGE)
      .execute();
  }

  async insertMessage(row: Insertable<SupportMessagesTable>): Promise<void> {
    await this.db.insertInto('support_messages').values(row).execute();
  }

  /** The thread, oldest first; internal notes only when asked for (admins). */
  messages(ticketId: string, withInternal: boolean): Promise<SupportMessageRow[]> {
    let query = this.db
      .selectFrom('support_messages')
      .leftJoin('users', 'users.id', 'support_messages.author_id')
      .selectAll('support_messages')
      .select('users.name as author_name')
      .where('support_messages.ticket_id', '=', ticketId);
    if (!withInternal) query = query.where('support_messages.internal', '=', 0);
    return query.orderBy('support_messages.created_at').orderBy('support_messages.id').execute();
  }

  async insertAttachment(row: Insertable<SupportAttachmentsTable>): Promise<void> {
    await this.db.insertInto('support_attachments').values(row).execute();
  }

  /** Links the uploader's unlinked files; answers how many it took. */
  async linkAttachments(
    userId: string,
    ids: readonly string[],
    messageId: string,
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db
      .updateTable('support_attachments')
      .set({ message_id: messageId })
      .where('id', 'in', ids)
      .where('user_id', '=', userId)
      .where('message_id', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  countUnlinked(userId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return Promise.resolve(0);
    return this.db
      .selectFrom('support_attachments')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('id', 'in', ids)
      .where('user_id', '=', userId)
      .where('message_id', 'is', null)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  attachmentsFor(messageIds: readonly string[]): Promise<SupportAttachmentRow[]> {
    if (messageIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('support_attachments')
      .selectAll()
      .where('message_id', 'in', messageIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** A file with the ticket it belongs to and whether its message is internal. */
  findAttachment(
    id: string,
  ): Promise<
    (SupportAttachmentRow & { ticket_user_id: string | null; internal: number | null }) | undefined
  > {
    return this.db
      .selectFrom('support_attachments')
      .leftJoin('support_messages', 'support_messages.id', 'support_attachments.message_id')
      .leftJoin('support_tickets', 'support_tickets.id', 'support_messages.ticket_id')
      .selectAll('support_attachments')
      .select(['support_tickets.user_id as ticket_user_id', 'support_messages.internal'])
      .where('support_attachments.id', '=', id)
      .executeTakeFirst();
  }

  /** Deletes unlinked uploads older than `before`, only `userId`'s when given; answers their files. */
  async deleteStaleUploads(before: string, userId?: string): Promise<string[]> {
    let query = this.db
      .deleteFrom('support_attachments')
      .where('message_id', 'is', null)
      .where('created_at', '<', before);
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    const rows = await query.returning('storage_name').execute();
    return rows.map((r) => r.storage_name);
  }
}
