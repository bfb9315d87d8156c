import { z } from 'zod';
import { Id, IsoTimestamp } from './common';

/**
 * Support tickets (/api/v1/support, admin inbox /api/v1/admin/support). A ticket is a thread of
 * messages between its user and the admins; admins may add internal notes, which never appear in
 * any answer to the user. Statuses: open → waiting_on_user (after an admin reply) → closed; a
 * user reply reopens.
 */

export const SUPPORT_LIMITS = {
  subjectMaxChars: 200,
  messageMaxChars: 20_000,
  attachmentsPerMessage: 5,
  /** Error IDs as the web's logger makes them (and a little room). */
  errorIdMaxChars: 128,
  searchMaxChars: 200,
} as const;

export const SUPPORT_CATEGORIES = ['account', 'billing', 'bug', 'feature', 'other'] as const;
export const SupportCategory = z.enum(SUPPORT_CATEGORIES);
export type SupportCategory = z.infer<typeof SupportCategory>;

export const SUPPORT_STATUSES = ['open', 'waiting_on_user', 'closed'] as const;
export const SupportStatus = z.enum(SUPPORT_STATUSES);
export type SupportStatus = z.infer<typeof SupportStatus>;

const Subject = z
  .string()
  .trim()
  .min(1, 'Enter a subject.')
  .max(SUPPORT_LIMITS.subjectMaxChars, `At most ${SUPPORT_LIMITS.subjectMaxChars} characters.`);
const MessageBody = z
  .string()
  .trim()
  .min(1, 'Enter a message.')
  .max(SUPPORT_LIMITS.messageMaxChars, `At most ${SUPPORT_LIMITS.messageMaxChars} characters.`);
const AttachmentIds = z.array(Id).max(SUPPORT_LIMITS.attachmentsPerMessage).default([]);
export const SupportErrorId = z
  .string()
  .trim()
  .min(1)
  .max(SUPPORT_LIMITS.errorIdMaxChars)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'Letters, digits and - _ . : only.');

export const SupportAttachment = z.object({
  id: Id,
  filename: z.string(),
  content_type: z.string(),
  size: z.int().nonnegative(),
});
export type SupportAttachment = z.infer<typeof SupportAttachment>;

export const SupportMessage = z.object({
  id: Id,
  /** Who wrote it: the ticket's user or an admin (admins' names are shown, not their emails). */
  author: z.enum(['user', 'admin']),
  author_name: z.string(),
  body: z.string(),
  /** Admin-only notes; never present in a user's answers. */
  internal: z.boolean(),
  attachments: z.array(SupportAttachment),
  created_at: IsoTimestamp,
});
export type SupportMessage = z.infer<typeof SupportMessage>;

export const SupportTicketSummary = z.object({
  id: Id,
  subject: z.string(),
  category: SupportCategory,
  status: SupportStatus,
  /** A reply from the other side arrived after the caller last opened the ticket. */
  unread: z.boolean(),
  conversation_id: Id.nullable(),
  error_id: z.string().nullable(),
  last_message_at: IsoTimestamp,
  created_at: IsoTimestamp,
});
export type SupportTicketSummary = z.infer<typeof SupportTicketSummary>;

export const SupportTicketListResponse = z.object({ tickets: z.array(SupportTicketSummary) });
export type SupportTicketListResponse = z.infer<typeof SupportTicketListResponse>;

export const SupportTicketDetail = SupportTicketSummary.extend({
  messages: z.array(SupportMessage),
});
export type SupportTicketDetail = z.infer<typeof SupportTicketDetail>;

export const CreateSupportTicketRequest = z.object({
  subject: Subject,
  category: SupportCategory,
  message: MessageBody,
  conversation_id: Id.nullable().optional(),
  error_id: SupportErrorId.nullable().optional(),
  attachment_ids: AttachmentIds,
});
export type CreateSupportTicketRequest = z.input<typeof CreateSupportTicketRequest>;

export const SupportReplyRequest = z.object({
  message: MessageBody,
  attachment_ids: AttachmentIds,
});
export type SupportReplyRequest = z.input<typeof SupportReplyRequest>;

/** Admin reply: `internal` makes it a note only admins see (no mail, no status change). */
export const AdminSupportReplyRequest = SupportReplyRequest.extend({
  internal: z.boolean().default(false),
});
export type AdminSupportReplyRequest = z.input<typeof AdminSupportReplyRequest>;

export const AdminSupportTicketUpdate = z
  .object({
    /** An admin's user id, or null to unassign. */
    assignee_id: Id.nullable().optional(),
    status: SupportStatus.optional(),
  })
  .refine((v) => v.assignee_id !== undefined || v.status !== undefined, {
    message: 'Give assignee_id or status.',
  });
export type AdminSupportTicketUpdate = z.infer<typeof AdminSupportTicketUpdate>;

export const AdminSupportListQuery = z.object({
  status: SupportStatus.optional(),
  category: SupportCategory.optional(),
  /** Matches the subject or the user's email. */
  q: z.string().trim().max(SUPPORT_LIMITS.searchMaxChars).optional(),
  assignee_id: Id.optional(),
});
export type AdminSupportListQuery = z.infer<typeof AdminSupportListQuery>;

export const SupportAdmin = z.object({ id: Id, name: z.string(), email: z.string() });
export type SupportAdmin = z.infer<typeof SupportAdmin>;

export const AdminSupportTicketSummary = SupportTicketSummary.extend({
  user_id: Id,
  user_email: z.string(),
  assignee: SupportAdmin.nullable(),
});
export type AdminSupportTicketSummary = z.infer<typeof AdminSupportTicketSummary>;

export const AdminSupportTicketListResponse = z.object({
  tickets: z.array(AdminSupportTicketSummary),
  admins: z.array(SupportAdmin),
});
export type AdminSupportTicketListResponse = z.infer<typeof AdminSupportTicketListResponse>;

/** What the inbox shows beside a thread about the ticket's user. */
export const SupportUserContext = z.object({
  id: Id,
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  email_verified: z.boolean(),
  plan: z.object({ id: Id, name: z.string() }),
  created_at: IsoTimestamp,
  /** The user's latest client errors (Error IDs), newest first. */
  recent_errors: z.array(
    z.object({
      error_id: z.string(),
      error_type: z.string(),
      message: z.string(),
      occurred_at: IsoTimestamp,
    }),
  ),
});
export type SupportUserContext = z.infer<typeof SupportUserContext>;

export const AdminSupportTicketDetail = AdminSupportTicketSummary.extend({
  messages: z.array(SupportMessage),
  user: SupportUserContext,
  /** Who the ticket can be assigned to. */
  admins: z.array(SupportAdmin),
});
export type AdminSupportTicketDetail = z.infer<typeof AdminSupportTicketDetail>;
