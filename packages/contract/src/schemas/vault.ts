import { z } from 'zod';
import { ChatMcpChoice } from './mcp';
import { Citation, ToolCallView } from './tools';
import { Id, IsoTimestamp, ProviderName } from './common';
import { MessageText, QuestionVersionFields } from './messages';

/*
 * The vault (/api/v1/vault): a PIN-locked space whose contents are stored encrypted under a
 * key that only the PIN or the recovery key unwraps. Vault calls carry the vault session in the
 * X-Vault-Token header; every vault answer sends a fresh one back (sliding idle expiry).
 */

export const VAULT_TOKEN_HEADER = 'x-vault-token';
/** Minutes without vault activity after which the vault locks itself. */
export const VAULT_IDLE_MINUTES = 30;
export const VAULT_PIN_DIGITS_MIN = 6;
export const VAULT_PIN_DIGITS_MAX = 12;
export const VAULT_PASSPHRASE_MIN = 8;
export const VAULT_PASSPHRASE_MAX = 128;
/** Wrong PINs in a row before the vault locks for a while. */
export const VAULT_MAX_PIN_ATTEMPTS = 5;
export const VAULT_LOCKOUT_BASE_SECONDS = 30;
export const VAULT_LOCKOUT_MAX_SECONDS = 3600;
/**
 * Wrong recovery keys allowed per window, counted apart from wrong PINs. The key has 160 random
 * bits, so guessing is hopeless anyway; the window bounds the argon2id work one account causes.
 */
export const VAULT_MAX_RECOVERY_ATTEMPTS = 10;
export const VAULT_RECOVERY_WINDOW_SECONDS = 3600;
/** What the user types to confirm that a reset by mail code erases the vault. */
export const VAULT_ERASE_WORD = 'ERASE';
export const VAULT_NOTE_TITLE_MAX = 200;
export const VAULT_NOTE_BODY_MAX = 100_000;

/** 8 groups of 4 base32 characters (160 random bits), e.g. ABCD-EFGH-…; case and dashes are free. */
export const VAULT_RECOVERY_KEY_PATTERN = /^[A-Z2-7]{4}(?:-[A-Z2-7]{4}){7}$/;

const PIN_FORMAT = `Use ${VAULT_PIN_DIGITS_MIN} to ${VAULT_PIN_DIGITS_MAX} digits, or a passphrase of at least ${VAULT_PASSPHRASE_MIN} characters.`;
const PIN_TRIVIAL =
  'This PIN is too easy to guess (a repeated digit, a run like 123456, or a repeated pattern). Choose another.';

/** True for a string that is one shorter block repeated (111111, 121212, 123123). */
function isRepeatedPattern(text: string): boolean {
  for (let size = 1; size <= text.length / 2; size += 1) {
    if (text.length % size !== 0) continue;
    if (text.slice(0, size).repeat(text.length / size) === text) return true;
  }
  return false;
}

/** True for digits that go up or down by one each step (123456, 987654, 890123). */
function isRun(digits: string): boolean {
  const steps = new Set<number>();
  for (let i = 1; i < digits.length; i += 1)
    steps.add((Number(digits[i]) - Number(digits[i - 1]) + 10) % 10);
  return steps.size === 1 && (steps.has(1) || steps.has(9));
}

/**
 * Why a PIN or passphrase is refused, or null when it is acceptable. Shared by the set-up
 * wizard (as the user types) and the server (which enforces it).
 */
export function vaultPinProblem(pin: string): string | null {
  if (/^\d+$/.test(pin)) {
    if (pin.length < VAULT_PIN_DIGITS_MIN || pin.length > VAULT_PIN_DIGITS_MAX) return PIN_FORMAT;
    if (isRepeatedPattern(pin) || isRun(pin)) return PIN_TRIVIAL;
    return null;
  }
  if (pin.length < VAULT_PASSPHRASE_MIN || pin.length > VAULT_PASSPHRASE_MAX) return PIN_FORMAT;
  if (isRepeatedPattern(pin.toLowerCase())) return PIN_TRIVIAL;
  return null;
}

/** True for a PIN made of digits only: the unlock pad shows a numeric keypad for it. */
export function isDigitPin(pin: string): boolean {
  return /^\d+$/.test(pin);
}

/** A new PIN: its format and strength are checked. */
export const NewVaultPin = z
  .string()
  .max(VAULT_PASSPHRASE_MAX, PIN_FORMAT)
  .superRefine((pin, ctx) => {
    const problem = vaultPinProblem(pin);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A PIN typed to unlock: only bounded, so a wrong one is simply wrong. */
export const VaultPinAttempt = z.string().min(1, 'Enter your PIN').max(VAULT_PASSPHRASE_MAX);

/** Spaces, dashes and case are forgiven; the canonical form is grouped upper case. */
export const VaultRecoveryKey = z
  .string()
  .max(100)
  .transform((raw) => {
    const compact = raw.replace(/[\s-]/g, '').toUpperCase();
    return compact.match(/.{1,4}/g)?.join('-') ?? '';
  })
  .pipe(
    z
      .string()
      .regex(
        VAULT_RECOVERY_KEY_PATTERN,
        'The recovery key has 32 letters and digits, as shown when the vault was set up.',
      ),
  );

/** GET /api/v1/vault. */
export const VaultStatus = z.object({
  set_up: z.boolean(),
  /** True when the request carried a valid vault session. */
  unlocked: z.boolean(),
  /** When the sent session ends without further vault activity; null while locked. */
  expires_at: IsoTimestamp.nullable(),
  /** Wrong PINs locked the vault until then; null when unlocking is allowed. */
  locked_until: IsoTimestamp.nullable(),
  /** Whether the PIN is digits only (the unlock pad shows a keypad); null before set-up. */
  digit_pin: z.boolean().nullable(),
});
export type VaultStatus = z.infer<typeof VaultStatus>;

/** A vault session: send `token` as X-Vault-Token with every vault call. */
export const VaultSession = z.object({
  vault_token: z.string(),
  expires_at: IsoTimestamp,
});
export type VaultSession = z.infer<typeof VaultSession>;

/** POST /api/v1/vault/setup. */
export const SetUpVaultRequest = z.object({ pin: NewVaultPin });
export type SetUpVaultRequest = z.input<typeof SetUpVaultRequest>;

/** Set-up and erase: the recovery key is in this answer and never again. */
export const VaultCreated = VaultSession.extend({ recovery_key: z.string() });
export type VaultCreated = z.infer<typeof VaultCreated>;

/** POST /api/v1/vault/unlock. */
export const UnlockVaultRequest = z.object({ pin: VaultPinAttempt });
export type UnlockVaultRequest = z.input<typeof UnlockVaultRequest>;

/** POST /api/v1/vault/change-pin: with the current PIN or the recovery key. */
export const ChangeVaultPinRequest = z
  .object({
    current_pin: VaultPinAttempt.optional(),
    recovery_key: VaultRecoveryKey.optional(),
    new_pin: NewVaultPin,
  })
  .refine((body) => (body.current_pin === undefined) !== (body.recovery_key === undefined), {
    message: 'Give either your current PIN or your recovery key.',
    path: ['current_pin'],
  });
export type ChangeVaultPinRequest = z.input<typeof ChangeVaultPinRequest>;

/** POST /api/v1/vault/reset/erase: the mailed code, the word ERASE and a new PIN. */
export const EraseVaultRequest = z.object({
  code: z.string().regex(/^\d{6}$/, 'The code has 6 digits.'),
  confirm: z.literal(VAULT_ERASE_WORD, `Type ${VAULT_ERASE_WORD} to confirm.`),
  new_pin: NewVaultPin,
});
export type EraseVaultRequest = z.input<typeof EraseVaultRequest>;

export const VaultNoteTitle = z
  .string()
  .trim()
  .min(1, 'Give the note a title')
  .max(VAULT_NOTE_TITLE_MAX, `At most ${VAULT_NOTE_TITLE_MAX} characters`);
export const VaultNoteBody = z
  .string()
  .max(VAULT_NOTE_BODY_MAX, `At most ${VAULT_NOTE_BODY_MAX} characters`);

/** POST /api/v1/vault/notes. */
export const CreateVaultNoteRequest = z.object({ title: VaultNoteTitle, body: VaultNoteBody });
export type CreateVaultNoteRequest = z.input<typeof CreateVaultNoteRequest>;

/** PATCH /api/v1/vault/notes/{id}. */
export const UpdateVaultNoteRequest = z
  .object({ title: VaultNoteTitle.optional(), body: VaultNoteBody.optional() })
  .refine((body) => body.title !== undefined || body.body !== undefined, {
    message: 'Change the title or the body.',
    path: ['title'],
  });
export type UpdateVaultNoteRequest = z.input<typeof UpdateVaultNoteRequest>;

export const VaultNote = z.object({
  id: Id,
  title: z.string(),
  body: z.string(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type VaultNote = z.infer<typeof VaultNote>;

/** GET /api/v1/vault/notes: newest change first. */
export const VaultNotesResponse = z.object({ notes: z.array(VaultNote) });
export type VaultNotesResponse = z.infer<typeof VaultNotesResponse>;

/** POST /api/v1/vault/chats: move one of the caller's chats or comparisons into the vault. */
export const MoveToVaultRequest = z.object({ conversation_id: Id });
export type MoveToVaultRequest = z.infer<typeof MoveToVaultRequest>;

/** A chat or comparison kept in the vault, as the unlocked vault lists it. */
export const VaultChat = z.object({
  id: Id,
  title: z.string(),
  /** regular | comparison | prompt_generator */
  kind: z.string(),
  message_count: z.int().nonnegative(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type VaultChat = z.infer<typeof VaultChat>;

export const VaultChatsResponse = z.object({ chats: z.array(VaultChat) });
export type VaultChatsResponse = z.infer<typeof VaultChatsResponse>;

export const VaultAttachment = z.object({
  id: Id,
  filename: z.string(),
  content_type: z.string(),
  size: z.int().nonnegative(),
});
export type VaultAttachment = z.infer<typeof VaultAttachment>;

/** One turn of a vault chat, opened with the vault key. */
export const VaultChatMessage = z.object({
  id: Id,
  conversation_id: Id,
  content: z.string(),
  response: z.string().nullable(),
  model: z.string(),
  model_friendly_name: z.string(),
  status: z.string(),
  created_at: IsoTimestamp,
  attachments: z.array(VaultAttachment),
  provider: ProviderName,
  /** The turn it follows (null for a first turn); versions of a turn share it. */
  parent_id: Id.nullable(),
  /** The versions of this turn, oldest first, this one included (one for a comparison's). */
  sibling_ids: z.array(Id).min(1),
  sibling_index: z.int().nonnegative(),
  ...QuestionVersionFields,
  /** Why the answer failed (status "error"); null otherwise. */
  error: z.string().nullable(),
  /** The tools the answer called, opened from their sealed form; absent: none. */
  tool_calls: z.array(ToolCallView).optional(),
  /** The answer's numbered web sources, opened from their sealed form; absent: none. */
  citations: z.array(Citation).optional(),
});
export type VaultChatMessage = z.infer<typeof VaultChatMessage>;

/**
 * GET /api/v1/vault/chats/{id}: the chat and the turns of its current branch, first to last, each
 * with its versions (every panel's turns, for a comparison). Also the answer of
 * POST /api/v1/vault/chats/messages/{id}/select, which makes that version the one shown and
 * continued from (404 for a message not in the caller's vault).
 */
export const VaultChatDetail = VaultChat.extend({ messages: z.array(VaultChatMessage) });
export type VaultChatDetail = z.infer<typeof VaultChatDetail>;

/** POST /api/v1/vault/chats/messages: a turn of a chat inside the vault (a new one without id). */
export const VaultSendRequest = z.object({
  message: MessageText,
  message_id: Id,
  conversation_id: Id.optional(),
  provider: ProviderName,
  model: z.string().min(1).max(200),
  /** Regenerate: the new turn is another version of this one (the same earlier turns). */
  version_of: Id.optional(),
  /**
   * The chat's Web search toggle, sent with each turn: a vault turn searches only when it is
   * on (its query leaves the server). Absent: off.
   */
  web_search: z.boolean().optional(),
  /** The vault chat's own MCP toggle for this turn (its calls send text out). Absent: none. */
  mcp: ChatMcpChoice.optional(),
});
export type VaultSendRequest = z.infer<typeof VaultSendRequest>;

/** POST /api/v1/vault/chats/cancel: stops a vault chat's running answer (Stop). */
export const VaultCancelRequest = z.object({ message_id: Id });
export type VaultCancelRequest = z.infer<typeof VaultCancelRequest>;

/**
 * The turn and its chat: answered (or failed) when the send named no live socket; otherwise
 * status "streaming", the answer arriving on the socket like any chat's.
 */
export const VaultSendResponse = z.object({
  conversation_id: Id,
  message: VaultChatMessage,
  /** What is left of the day's allowance after this send (null: no daily limit), as a chat send's. */
  remaining_messages: z.int().nonnegative().nullable(),
  /** The turn's generation request: the live stream's id on the socket, as a chat send's. */
  request_id: z.string(),
});
export type VaultSendResponse = z.infer<typeof VaultSendResponse>;
