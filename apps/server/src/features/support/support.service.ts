import type { ConversationsService } from '../conversations';
import {
  SUPPORT_LIMITS,
  type AdminSupportListQuery,
  type AdminSupportTicketDetail,
  type AdminSupportTicketSummary,
  type AdminSupportTicketUpdate,
  type SupportAdmin,
  type SupportAttachment,
  type SupportCategory,
  type SupportMessage,
  type SupportTicketDetail,
  type SupportTicketSummary,
} from '@parallax/contract';
import { AppError } from '../../infra/errors';
import type { MailMessage } from '../../infra/mailer/mailer';
import type { FileStorage } from '../../infra/storage/file-storage';
import { timeOrderedId } from '../../infra/time-ordered-id';
import { STALE_UPLOAD_MS, inspectSupportFile, storeFile } from './support-files';
import { adminSummary, messageView, summary } from './support-view';
import { newTicketMail, supportReplyMail } from './support.mails';
import type { SupportAttachmentRow, SupportRepository, TicketRow } from './support.repository';

/** A user's latest browser error reports (the telemetry feature's). */
export type RecentErrors = (
  userId: string,
) => Promise<{ client_id: string; error_type: string; message: string; occurred_at: string }[]>;

/** An account as the support inbox shows it, with its plan (the auth and billing features'). */
export interface SupportUser {
  id: string;
  email: string;
  name: string | null;
  role: string;
  email_verified: number;
  created_at: string;
  plan_id: string;
  plan_name: string;
}

export interface SupportDeps {
  appUrl: string;
  adminEmails: readonly string[];
  sendMail(message: MailMessage): void;
  recentErrors: RecentErrors;
  findUser(userId: string): Promise<SupportUser | undefined>;
  admins(): Promise<{ id: string; name: string | null; email: string }[]>;
  /** Whose chat a ticket may name. */
  conversations: Pick<ConversationsService, 'isOwnedBy'>;
}

export interface NewTicket {
  subject: string;
  category: SupportCategory;
  message: string;
  conversation_id?: string | null | undefined;
  error_id?: string | null | undefined;
  attachment_ids: string[];
}

export interface Reply {
  message: string;
  attachment_ids: string[];
}

const notFound = () => new AppError('not_found', 'Ticket not found');

/** Tickets, their threads and files; the user side and the admin inbox. */
export class SupportService {
  constructor(
    private readonly repository: SupportRepository,
    private readonly storage: FileStorage,
    private readonly deps: SupportDeps,
  ) {}

  // ---- files ----

  async upload(userId: string, filename: string, data: Buffer): Promise<SupportAttachment> {
    const { name, contentType } = inspectSupportFile(filename, data);
    const stale = await this.repository.deleteStaleUploads(
      new Date(Date.now() - STALE_UPLOAD_MS).toISOString(),
      userId,
    );
    await this.storage.remove(stale);
    const storageName = await storeFile(this.storage, data);
    const row = {
      id: timeOrderedId(),
      user_id: userId,
      message_id: null,
      filename: name,
      content_type: contentType,
      size: data.length,
      storage_name: storageName,
      created_at: new Date().toISOString(),
    };
    await this.repository.insertAttachment(row);
    return { id: row.id, filename: name, content_type: contentType, size: data.length };
  }

  /** A file of the caller's own ticket (never of an internal note), or any file for admins. */
  async openFile(
    viewer: { userId: string; admin: boolean },
    id: string,
  ): Promise<{ row: SupportAttachmentRow; data: Buffer }> {
    const row = await this.repository.findAttachment(id);
    const visible =
      row !== undefined &&
      (viewer.admin ||
        (row.message_id === null
          ? row.user_id === viewer.userId
          : row.ticket_user_id === viewer.userId && row.internal === 0));
    if (!row || !visible) throw new AppError('not_found', 'Attachment not found');
    return { row, data: await this.storage.read(row.storage_name) };
  }

  // ---- user side ----

  async listOwn(userId: string): Promise<SupportTicketSummary[]> {
    return (await this.repository.listOwned(userId)).map((t) => summary(t, 'user'));
  }

  async create(userId: string, input: NewTicket): Promise<SupportTicketDetail> {
    const user = await this.deps.findUser(userId);
    if (!user) throw new AppError('unauthorized', 'Please sign in to continue.');
    const chat = input.conversation_id;
    if (chat && !(await this.deps.conversations.isOwnedBy(user.id, chat)))
      throw new AppError('validation_error', 'body.conversation_id: no such conversation.');
    await this.checkFiles(user.id, input.attachment_ids);
    const now = new Date().toISOString();
    const ticket: TicketRow = {
      id: timeOrderedId(),
      user_id: user.id,
      subject: input.subject,
      category: input.category,
      status: 'open',
      conversation_id: input.conversation_id ?? null,
      error_id: input.error_id ?? null,
      assignee_id: null,
      last_user_message_at: now,
      last_admin_message_at: null,
      user_read_at: now,
      admin_read_at: null,
      last_message_at: now,
      created_at: now,
      updated_at: now,
    };
    await this.repository.insertTicket(ticket);
    await this.addMessage(
      ticket.id,
      user.id,
      'user',
      input.message,
      false,
      input.attachment_ids,
      now,
    );
    await this.mailAdmins(ticket, user.email);
    return this.userDetail(user.id, ticket.id);
  }

  /** The thread without internal notes; opening it marks the admins' replies read. */
  async showOwn(userId: string, id: string): Promise<SupportTicketDetail> {
    const ticket = await this.repository.findOwnedTicket(userId, id);
    if (!ticket) throw notFound();
    await this.repository.updateTicket(id, { user_read_at: new Date().toISOString() });
    return this.userDetail(userId, id);
  }

  /** A user reply; it reopens a waiting or closed ticket. */
  async replyOwn(userId: string, id: string, input: Reply): Promise<SupportTicketDetail> {
    const ticket = await this.repository.findOwnedTicket(userId, id);
    if (!ticket) throw notFound();
    await this.checkFiles(userId, input.attachment_ids);
    const now = new Date().toISOString();
    await this.addMessage(id, userId, 'user', input.message, false, input.attachment_ids, now);
    await this.repository.updateTicket(id, {
      status: 'open',
      last_user_message_at: now,
      last_message_at: now,
      user_read_at: now,
      updated_at: now,
    });
    return this.userDetail(userId, id);
  }

  async closeOwn(userId: string, id: string): Promise<SupportTicketDetail> {
    const ticket = await this.repository.findOwnedTicket(userId, id);
    if (!ticket) throw notFound();
    await this.repository.updateTicket(id, {
      status: 'closed',
      updated_at: new Date().toISOString(),
    });
    return this.userDetail(userId, id);
  }

  private async userDetail(userId: string, id: string): Promise<SupportTicketDetail> {
    const ticket = await this.repository.findOwnedTicket(userId, id);
    if (!ticket) throw notFound();
    const messages = await this.thread(id, false);
    return { ...summary(ticket, 'user'), messages };
  }

  // ---- admin side ----

  async inbox(
    query: AdminSupportListQuery,
  ): Promise<{ tickets: AdminSupportTicketSummary[]; admins: SupportAdmin[] }> {
    const admins = await this.adminList();
    const rows = await this.repository.listInbox({
      status: query.status,
      category: query.category,
      q: query.q,
      assigneeId: query.assignee_id,
    });
    return { tickets: rows.map((row) => adminSummary(row, admins)), admins };
  }

  async showForAdmin(id: string): Promise<AdminSupportTicketDetail> {
    const ticket = await this.repository.findTicket(id);
    if (!ticket) throw notFound();
    await this.repository.updateTicket(id, { admin_read_at: new Date().toISOString() });
    return this.adminDetail(id);
  }

  async replyAsAdmin(
    adminId: string,
    id: string,
    input: Reply & { internal: boolean },
  ): Promise<AdminSupportTicketDetail> {
    const ticket = await this.repository.findTicket(id);
    if (!ticket) throw notFound();
    await this.checkFiles(adminId, input.attachment_ids);
    const now = new Date().toISOString();
    await this.addMessage(
      id,
      adminId,
      'admin',
      input.message,
      input.internal,
      input.attachment_ids,
      now,
    );
    if (input.internal) {
      await this.repository.updateTicket(id, { admin_read_at: now, updated_at: now });
    } else {
      await this.repository.updateTicket(id, {
        status: 'waiting_on_user',
        last_admin_message_at: now,
        last_message_at: now,
        admin_read_at: now,
        updated_at: now,
      });
      const user = await this.deps.findUser(ticket.user_id);
      if (user)
        this.deps.sendMail(
          supportReplyMail(user.email, ticket.subject, `${this.deps.appUrl}/support?ticket=${id}`),
        );
    }
    return this.adminDetail(id);
  }

  async updateAsAdmin(
    id: string,
    changes: AdminSupportTicketUpdate,
  ): Promise<AdminSupportTicketDetail> {
    const ticket = await this.repository.findTicket(id);
    if (!ticket) throw notFound();
    if (changes.assignee_id) {
      const admins = await this.deps.admins();
      if (!admins.some((a) => a.id === changes.assignee_id))
        throw new AppError('validation_error', 'body.assignee_id: not an admin.');
    }
    await this.repository.updateTicket(id, {
      ...(changes.assignee_id !== undefined ? { assignee_id: changes.assignee_id } : {}),
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      updated_at: new Date().toISOString(),
    });
    return this.adminDetail(id);
  }

  private async adminDetail(id: string): Promise<AdminSupportTicketDetail> {
    const ticket = await this.repository.findTicket(id);
    if (!ticket) throw notFound();
    const user = await this.deps.findUser(ticket.user_id);
    if (!user) throw notFound();
    const [admins, messages, errors] = await Promise.all([
      this.adminList(),
      this.thread(id, true),
      this.deps.recentErrors(ticket.user_id),
    ]);
    return {
      ...adminSummary({ ...ticket, user_email: user.email }, admins),
      messages,
      admins,
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role === 'admin' ? 'admin' : 'user',
        email_verified: user.email_verified === 1,
        plan: { id: user.plan_id, name: user.plan_name },
        created_at: user.created_at,
        recent_errors: errors.map((e) => ({
          error_id: e.client_id,
          error_type: e.error_type,
          message: e.message.slice(0, 300),
          occurred_at: e.occurred_at,
        })),
      },
    };
  }

  private async adminList(): Promise<SupportAdmin[]> {
    return (await this.deps.admins()).map((a) => ({
      id: a.id,
      email: a.email,
      name: a.name ?? a.email,
    }));
  }

  // ---- shared ----

  private async checkFiles(userId: string, ids: readonly string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length > SUPPORT_LIMITS.attachmentsPerMessage)
      throw new AppError('validation_error', 'body.attachment_ids: too many files.');
    if ((await this.repository.countUnlinked(userId, unique)) !== unique.length)
      throw new AppError('validation_error', 'body.attachment_ids: unknown or already used file.');
  }

  private async addMessage(
    ticketId: string,
    authorId: string,
    kind: 'user' | 'admin',
    body: string,
    internal: boolean,
    attachmentIds: readonly string[],
    now: string,
  ): Promise<void> {
    const id = timeOrderedId();
    await this.repository.insertMessage({
      id,
      ticket_id: ticketId,
      author_id: authorId,
      author_kind: kind,
      body,
      internal: internal ? 1 : 0,
      created_at: now,
    });
    await this.repository.linkAttachments(authorId, [...new Set(attachmentIds)], id);
  }

  private async thread(ticketId: string, withInternal: boolean): Promise<SupportMessage[]> {
    const rows = await this.repository.messages(ticketId, withInternal);
    const files = await this.repository.attachmentsFor(rows.map((r) => r.id));
    return rows.map((row) => messageView(row, files));
  }

  private async mailAdmins(ticket: TicketRow, fromEmail: string): Promise<void> {
    const addresses = new Set([
      ...(await this.deps.admins()).map((a) => a.email),
      ...this.deps.adminEmails,
    ]);
    for (const to of addresses)
      this.deps.sendMail(
        newTicketMail(
          to,
          ticket.subject,
          ticket.category,
          fromEmail,
          `${this.deps.appUrl}/admin/support?ticket=${ticket.id}`,
        ),
      );
  }
}
