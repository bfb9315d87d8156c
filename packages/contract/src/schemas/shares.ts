import { z } from 'zod';
import { Id, IsoTimestamp, ProviderName } from './common';
import { Citation, ToolCallView } from './tools';

/*
 * Share links (issue 39): a read-only snapshot of a chat or a comparison at /share/{token}.
 * The owner manages them under /api/v1/shares; anyone holding the link reads the page and may
 * continue it as a new chat of their own (POST /api/v1/shares/{token}/continue).
 */

/** A share link's token: 32 random bytes, base64url (43 characters, 256 bits). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const ShareToken = z.string().regex(SHARE_TOKEN_PATTERN, 'is not a share link token');

export const SHARE_EXPIRIES = ['never', '1d', '7d', '30d'] as const;
export const ShareExpiry = z.enum(SHARE_EXPIRIES);
export type ShareExpiry = z.infer<typeof ShareExpiry>;

export const ShareSourceKind = z.enum(['conversation', 'comparison']);
export type ShareSourceKind = z.infer<typeof ShareSourceKind>;

/** What the owner chooses for a link; every choice defaults to showing the least. */
export const ShareOptions = z.object({
  show_owner_name: z.boolean().default(false),
  include_attachments: z.boolean().default(false),
  expiry: ShareExpiry.default('never'),
  allow_indexing: z.boolean().default(false),
  /** A blind comparison shows its models only when this is true. */
  reveal_models: z.boolean().default(false),
});
export type ShareOptions = z.infer<typeof ShareOptions>;

/** POST /shares: creates the source's link, or refreshes the one it has (same token). */
export const CreateShareRequest = ShareOptions.extend({
  kind: ShareSourceKind,
  /** A conversation id, or a comparison session id. */
  source_id: Id,
});
export type CreateShareRequest = z.infer<typeof CreateShareRequest>;

/** PUT /shares/{id}: new options, and the snapshot taken again from the branch as it is now. */
export const UpdateShareRequest = ShareOptions;
export type UpdateShareRequest = z.infer<typeof UpdateShareRequest>;

export const Share = z.object({
  id: Id,
  kind: ShareSourceKind,
  source_id: Id,
  title: z.string(),
  /** The page's address (absolute, on APP_URL). */
  url: z.string(),
  token: ShareToken,
  show_owner_name: z.boolean(),
  include_attachments: z.boolean(),
  allow_indexing: z.boolean(),
  reveal_models: z.boolean(),
  expiry: ShareExpiry,
  /** Null: never expires. */
  expires_at: IsoTimestamp.nullable(),
  turn_count: z.int().nonnegative(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type Share = z.infer<typeof Share>;

export const ShareListResponse = z.object({ shares: z.array(Share) });
export type ShareListResponse = z.infer<typeof ShareListResponse>;

/** GET /shares?kind=&source_id=: the link of one chat or comparison, if it has one. */
export const ShareSourceQuery = z.object({ kind: ShareSourceKind, source_id: Id });
export type ShareSourceQuery = z.infer<typeof ShareSourceQuery>;

export const ShareLookupResponse = z.object({ share: Share.nullable() });
export type ShareLookupResponse = z.infer<typeof ShareLookupResponse>;

/** Any short text: a malformed token is answered like an unknown one (404), not as bad input. */
export const ShareTokenParams = z.object({ token: z.string().min(1).max(128) });
export type ShareTokenParams = z.infer<typeof ShareTokenParams>;

/** POST /shares/{token}/continue: a comparison continues with one panel's thread. */
export const ContinueShareRequest = z.object({ panel: z.int().min(0).max(5).default(0) });
export type ContinueShareRequest = z.infer<typeof ContinueShareRequest>;

export const ContinueShareResponse = z.object({ conversation_id: Id });
export type ContinueShareResponse = z.infer<typeof ContinueShareResponse>;

/** An admin's view of every link (GET /admin/shares). */
export const AdminShare = z.object({
  id: Id,
  kind: ShareSourceKind,
  title: z.string(),
  owner_email: z.string().nullable(),
  expires_at: IsoTimestamp.nullable(),
  created_at: IsoTimestamp,
});
export type AdminShare = z.infer<typeof AdminShare>;

export const AdminShareListResponse = z.object({ shares: z.array(AdminShare) });
export type AdminShareListResponse = z.infer<typeof AdminShareListResponse>;

/* The stored snapshot: only what the page shows. */

export const SharedAttachment = z.object({
  /** The stored file the page's download link serves; the page never prints it. */
  id: Id,
  filename: z.string(),
  content_type: z.string(),
  size: z.int().nonnegative(),
});

export const SharedChatTurn = z.object({
  question: z.string(),
  answer: z.string().nullable(),
  provider: ProviderName.nullable(),
  model_friendly_name: z.string().nullable(),
  created_at: IsoTimestamp,
  attachments: z.array(SharedAttachment),
  tool_calls: z.array(ToolCallView).optional(),
  citations: z.array(Citation).optional(),
});
export type SharedChatTurn = z.infer<typeof SharedChatTurn>;

export const SharedPanel = z.object({
  label: z.string(),
  /** Null while a blind comparison is not revealed. */
  model_friendly_name: z.string().nullable(),
  provider: ProviderName.nullable(),
});

export const SharedCompareAnswer = z.object({
  panel: z.int().nonnegative(),
  answer: z.string().nullable(),
  tool_calls: z.array(ToolCallView).optional(),
  citations: z.array(Citation).optional(),
});

export const SharedCompareTurn = z.object({
  prompt: z.string(),
  answers: z.array(SharedCompareAnswer),
});

export const ShareSnapshot = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('conversation'),
    title: z.string(),
    turns: z.array(SharedChatTurn),
  }),
  z.object({
    kind: z.literal('comparison'),
    title: z.string(),
    blind: z.boolean(),
    panels: z.array(SharedPanel),
    turns: z.array(SharedCompareTurn),
  }),
]);
export type ShareSnapshot = z.infer<typeof ShareSnapshot>;
