import type {
  AdminSupportTicketSummary,
  SupportAdmin,
  SupportCategory,
  SupportMessage,
  SupportStatus,
  SupportTicketSummary,
} from '@parallax/contract';
import type {
  InboxRow,
  SupportAttachmentRow,
  SupportMessageRow,
  TicketRow,
} from './support.repository';

/* Tickets and their messages as the contract shows them, to the user or to an admin. */

export function summary(ticket: TicketRow, side: 'user' | 'admin'): SupportTicketSummary {
  const otherAt = side === 'user' ? ticket.last_admin_message_at : ticket.last_user_message_at;
  const readAt = side === 'user' ? ticket.user_read_at : ticket.admin_read_at;
  return {
    id: ticket.id,
    subject: ticket.subject,
    category: ticket.category as SupportCategory,
    status: ticket.status as SupportStatus,
    unread: otherAt !== null && (readAt === null || otherAt > readAt),
    conversation_id: ticket.conversation_id,
    error_id: ticket.error_id,
    last_message_at: ticket.last_message_at,
    created_at: ticket.created_at,
  };
}

export function adminSummary(row: InboxRow, admins: SupportAdmin[]): AdminSupportTicketSummary {
  return {
    ...summary(row, 'admin'),
    user_id: row.user_id,
    user_email: row.user_email,
    assignee: admins.find((a) => a.id === row.assignee_id) ?? null,
  };
}

export function messageView(row: SupportMessageRow, files: SupportAttachmentRow[]): SupportMessage {
  return {
    id: row.id,
    author: row.author_kind === 'admin' ? 'admin' : 'user',
    // Admins appear as "Support" unless they set a name; the user's own name as they set it.
    author_name: row.author_name ?? (row.author_kind === 'admin' ? 'Support' : 'You'),
    body: row.body,
    internal: row.internal === 1,
    attachments: files
      .filter((f) => f.message_id === row.id)
      .map((f) => ({ id: f.id, filename: f.filename, content_type: f.content_type, size: f.size })),
    created_at: row.created_at,
  };
}
