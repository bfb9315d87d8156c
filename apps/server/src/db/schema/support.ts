import type { IsoTimestamp } from './conventions';

// Support tickets, their messages and attachments.

/** Support tickets (migration 0190). status: open | waiting_on_user | closed. */
export interface SupportTicketsTable {
  id: string;
  user_id: string;
  subject: string;
  category: string;
  status: string;
  conversation_id: string | null;
  error_id: string | null;
  assignee_id: string | null;
  last_user_message_at: IsoTimestamp;
  last_admin_message_at: IsoTimestamp | null;
  user_read_at: IsoTimestamp | null;
  admin_read_at: IsoTimestamp | null;
  last_message_at: IsoTimestamp;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** author_kind: user | admin; internal = 1: an admin note the user never sees. */
export interface SupportMessagesTable {
  id: string;
  ticket_id: string;
  author_id: string | null;
  author_kind: string;
  body: string;
  internal: number;
  created_at: IsoTimestamp;
}

export interface SupportAttachmentsTable {
  id: string;
  user_id: string;
  message_id: string | null;
  filename: string;
  content_type: string;
  size: number;
  storage_name: string;
  created_at: IsoTimestamp;
}
