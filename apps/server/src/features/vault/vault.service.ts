import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  isDigitPin,
  VAULT_LOCKOUT_BASE_SECONDS,
  VAULT_LOCKOUT_MAX_SECONDS,
  VAULT_MAX_PIN_ATTEMPTS,
  VAULT_MAX_RECOVERY_ATTEMPTS,
  VAULT_RECOVERY_WINDOW_SECONDS,
  type VaultCreated,
  type VaultSession,
  type VaultStatus,
} from '@parallax/contract';
import { AppError } from '../../infra/errors';
import type { MailMessage } from '../../infra/mailer/mailer';
import {
  deriveServerKey,
  deriveWrappingKey,
  KDF_PARAMS,
  newRecoveryKey,
  newSalt,
  newVaultKey,
  open,
  seal,
  type KdfParams,
} from './vault-crypto';
import { vaultLockoutMail, vaultResetCodeMail } from './vault.mails';
import type { VaultRepository, VaultRow, VaultWraps } from './vault.repository';
import type { VaultSessionClaims, VaultSessionTokens } from './vault-session';

export const VAULT_LOCKED = 'The vault is locked. Unlock it with your PIN.';
const NO_VAULT = 'Set up your vault first.';
const RESET_CODE_MINUTES = 15;
const RESET_CODE_TRIES = 5;
const INVALID_RESET_CODE =
  'code: This code is invalid or has expired. Request a new one from the reset screen.';

/** A 429 whose Retry-After the vault routes send. */
export class VaultLockedOutError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    detail = `Too many wrong PINs. The vault is locked for ${formatWait(retryAfterSeconds)}.`,
  ) {
    super('rate_limited', detail);
  }
}

export interface Caller {
  userId: string;
  sessionId: string;
}

export interface VaultServiceDeps {
  vaults: VaultRepository;
  tokens: VaultSessionTokens;
  sendMail: (message: MailMessage) => void;
  serverSecret: string;
  appUrl: string;
  /** Removes stored files (the erased vault chats' attachments). */
  deleteFiles: (storageNames: readonly string[]) => Promise<void>;
}

/** An open vault for the length of one request: its key and the session it came from. */
export interface OpenVault {
  key: Buffer;
  claims: VaultSessionClaims;
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/** Lockout lengths in a row: 30 s doubling up to the 1-hour cap (the last entry). */
export function lockoutSchedule(): number[] {
  const out: number[] = [];
  for (let s = VAULT_LOCKOUT_BASE_SECONDS; ; s *= 2) {
    out.push(Math.min(s, VAULT_LOCKOUT_MAX_SECONDS));
    if (s >= VAULT_LOCKOUT_MAX_SECONDS) return out;
  }
}

function pinAad(userId: string): string {
  return `vault-key:pin:${userId}`;
}
function recoveryAad(userId: string): string {
  return `vault-key:recovery:${userId}`;
}

function kdfOf(row: VaultRow): KdfParams {
  const parsed = JSON.parse(row.kdf) as Partial<KdfParams>;
  return {
    memoryCost: parsed.memoryCost ?? KDF_PARAMS.memoryCost,
    timeCost: parsed.timeCost ?? KDF_PARAMS.timeCost,
    parallelism: parsed.parallelism ?? KDF_PARAMS.parallelism,
  };
}

/**
 * Set-up, unlock, lock, PIN change and reset. The PIN is never stored: it derives (argon2id) a
 * key that wraps the random vault key; a right PIN is one whose wrap opens.
 */
export class VaultService {
  readonly #codeKey: Buffer;

  constructor(private readonly deps: VaultServiceDeps) {
    this.#codeKey = deriveServerKey(deps.serverSecret, 'vault-reset-code-v1');
  }

  async status(userId: string, open: OpenVault | null, now = new Date()): Promise<VaultStatus> {
    const row = await this.deps.vaults.find(userId);
    const lockedUntil =
      row?.locked_until && Date.parse(row.locked_until) > now.getTime() ? row.locked_until : null;
    return {
      set_up: row !== undefined,
      unlocked: open !== null,
      expires_at: null,
      locked_until: lockedUntil,
      digit_pin: row === undefined ? null : row.digit_pin === 1,
    };
  }

  async setUp(caller: Caller, pin: string, now = new Date()): Promise<VaultCreated> {
    const key = newVaultKey();
    const recoveryKey = newRecoveryKey();
    const wraps = await this.#wrapNew(caller.userId, key, pin, recoveryKey);
    const inserted = await this.deps.vaults.insert({
      user_id: caller.userId,
      ...wraps,
      epoch: 0,
      failed_attempts: 0,
      lockouts: 0,
      reset_code_attempts: 0,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    if (!inserted)
      throw new AppError('conflict', 'Your vault is set up already. Unlock it with your PIN.');
    return { ...this.#session(caller, 0, key, now), recovery_key: recoveryKey };
  }

  async unlock(caller: Caller, pin: string, now = new Date()): Promise<VaultSession> {
    const row = await this.#reserveAttempt(caller.userId, now);
    const key = await this.#unwrapWithPin(row, pin);
    if (key === null) {
      const lockedNow = row.failed_attempts === 0 && row.locked_until !== null;
      if (lockedNow) {
        const seconds = Math.ceil((Date.parse(row.locked_until ?? '') - now.getTime()) / 1000);
        await this.#mailLockout(caller.userId, seconds);
        throw new VaultLockedOutError(seconds);
      }
      const left = VAULT_MAX_PIN_ATTEMPTS - row.failed_attempts;
      throw new AppError(
        'validation_error',
        `pin: Incorrect PIN. ${left} ${left === 1 ? 'try' : 'tries'} left before the vault locks for a while.`,
      );
    }
    await this.deps.vaults.clearAttempts(caller.userId);
    return this.#session(caller, row.epoch, key, now);
  }

  /** Ends every vault session of the account, in every process. */
  async lock(caller: Caller, now = new Date()): Promise<void> {
    await this.deps.vaults.raiseEpoch(caller.userId, now.toISOString());
  }

  /**
   * The vault key of a live session sent by this caller: the token must be authentic,
   * unexpired, of this account and sign-in session, and of the vault's current epoch.
   */
  async authorize(
    caller: Caller,
    token: string | undefined,
    now = new Date(),
  ): Promise<OpenVault | null> {
    if (token === undefined) return null;
    const claims = this.deps.tokens.read(token, now);
    if (claims === null || claims.userId !== caller.userId || claims.sessionId !== caller.sessionId)
      return null;
    const epoch = await this.deps.vaults.epochOf(caller.userId);
    if (epoch !== claims.epoch) return null;
    return { key: claims.key, claims };
  }

  /** The same session with its idle expiry moved on (sent back with every vault answer). */
  renew(open: OpenVault, now = new Date()): VaultSession {
    const { token, expiresAt } = this.deps.tokens.issue(open.claims, now);
    return { vault_token: token, expires_at: expiresAt.toISOString() };
  }

  async changePin(
    caller: Caller,
    body: { current_pin?: string; recovery_key?: string; new_pin: string },
    now = new Date(),
  ): Promise<VaultSession> {
    let key: Buffer | null;
    let row: VaultRow;
    if (body.current_pin !== undefined) {
      row = await this.#reserveAttempt(caller.userId, now);
      key = await this.#unwrapWithPin(row, body.current_pin);
      if (key === null) throw new AppError('validation_error', 'current_pin: Incorrect PIN.');
    } else {
      // The recovery key is its own secret with its own throttle: a PIN lockout (and wrong
      // PINs) must not stand between the owner and the reset the key exists for.
      row = await this.#reserveRecoveryAttempt(caller.userId, now);
      key = await this.#unwrapWithRecovery(row, body.recovery_key ?? '');
      if (key === null)
        throw new AppError(
          'validation_error',
          'recovery_key: This recovery key does not open your vault.',
        );
    }
    const wraps = await this.#wrap(caller.userId, key, body.new_pin, null);
    const epoch = await this.deps.vaults.replaceWraps(caller.userId, wraps, now.toISOString());
    if (epoch === undefined) throw new AppError('not_found', NO_VAULT);
    return this.#session(caller, epoch, key, now);
  }

  async requestResetCode(userId: string, now = new Date()): Promise<void> {
    const row = await this.deps.vaults.find(userId);
    const email = await this.deps.vaults.emailOf(userId);
    if (row === undefined || email === undefined) throw new AppError('not_found', NO_VAULT);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expires = new Date(now.getTime() + RESET_CODE_MINUTES * 60_000).toISOString();
    await this.deps.vaults.setResetCode(userId, this.#hashCode(userId, code), expires);
    this.deps.sendMail(vaultResetCodeMail(email, code, RESET_CODE_MINUTES));
  }

  /** Reset without the recovery key: the mailed code empties the vault under a new key. */
  async erase(
    caller: Caller,
    code: string,
    newPin: string,
    now = new Date(),
  ): Promise<VaultCreated> {
    const stored = await this.deps.vaults.takeResetCodeTry(
      caller.userId,
      RESET_CODE_TRIES,
      now.toISOString(),
    );
    const given = Buffer.from(this.#hashCode(caller.userId, code));
    if (stored === undefined || !timingSafeEqual(Buffer.from(stored), given))
      throw new AppError('validation_error', INVALID_RESET_CODE);
    const key = newVaultKey();
    const recoveryKey = newRecoveryKey();
    const wraps = await this.#wrapNew(caller.userId, key, newPin, recoveryKey);
    const erased = await this.deps.vaults.erase(caller.userId, wraps, now.toISOString());
    if (erased === undefined) throw new AppError('not_found', NO_VAULT);
    await this.deps.deleteFiles(erased.files);
    return { ...this.#session(caller, erased.epoch, key, now), recovery_key: recoveryKey };
  }

  async #reserveAttempt(userId: string, now: Date): Promise<VaultRow> {
    const ends = lockoutSchedule().map((s) => new Date(now.getTime() + s * 1000).toISOString());
    const row = await this.deps.vaults.reserveAttempt(
      userId,
      VAULT_MAX_PIN_ATTEMPTS,
      ends,
      now.toISOString(),
    );
    if (row !== undefined) return row;
    const current = await this.deps.vaults.find(userId);
    if (current === undefined) throw new AppError('not_found', NO_VAULT);
    const until = current.locked_until ? Date.parse(current.locked_until) : now.getTime() + 1000;
    throw new VaultLockedOutError(Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
  }

  async #reserveRecoveryAttempt(userId: string, now: Date): Promise<VaultRow> {
    const windowEnds = new Date(now.getTime() + VAULT_RECOVERY_WINDOW_SECONDS * 1000);
    const row = await this.deps.vaults.reserveRecoveryAttempt(
      userId,
      VAULT_MAX_RECOVERY_ATTEMPTS,
      windowEnds.toISOString(),
      now.toISOString(),
    );
    if (row !== undefined) return row;
    const current = await this.deps.vaults.find(userId);
    if (current === undefined) throw new AppError('not_found', NO_VAULT);
    const until = current.recovery_window_ends
      ? Date.parse(current.recovery_window_ends)
      : now.getTime() + 1000;
    const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
    throw new VaultLockedOutError(
      seconds,
      `Too many wrong recovery keys. Try again in ${formatWait(seconds)}.`,
    );
  }

  async #unwrapWithPin(row: VaultRow, pin: string): Promise<Buffer | null> {
    const kek = await deriveWrappingKey(pin, Buffer.from(row.pin_salt, 'base64url'), kdfOf(row));
    return open(kek, row.pin_wrap, pinAad(row.user_id));
  }

  async #unwrapWithRecovery(row: VaultRow, recoveryKey: string): Promise<Buffer | null> {
    const salt = Buffer.from(row.recovery_salt, 'base64url');
    const kek = await deriveWrappingKey(recoveryKey, salt, kdfOf(row));
    return open(kek, row.recovery_wrap, recoveryAad(row.user_id));
  }

  async #wrap(
    userId: string,
    key: Buffer,
    pin: string,
    recoveryKey: string | null,
  ): Promise<VaultWraps> {
    const params: KdfParams = {
      memoryCost: KDF_PARAMS.memoryCost,
      timeCost: KDF_PARAMS.timeCost,
      parallelism: KDF_PARAMS.parallelism,
    };
    const pinSalt = newSalt();
    const wraps: VaultWraps = {
      kdf: JSON.stringify(params),
      pin_salt: pinSalt.toString('base64url'),
      pin_wrap: seal(await deriveWrappingKey(pin, pinSalt, params), key, pinAad(userId)),
      digit_pin: isDigitPin(pin) ? 1 : 0,
    };
    if (recoveryKey !== null) {
      const recoverySalt = newSalt();
      wraps.recovery_salt = recoverySalt.toString('base64url');
      wraps.recovery_wrap = seal(
        await deriveWrappingKey(recoveryKey, recoverySalt, params),
        key,
        recoveryAad(userId),
      );
    }
    return wraps;
  }

  async #wrapNew(
    userId: string,
    key: Buffer,
    pin: string,
    recoveryKey: string,
  ): Promise<Required<VaultWraps>> {
    const { recovery_salt, recovery_wrap, ...pinWraps } = await this.#wrap(
      userId,
      key,
      pin,
      recoveryKey,
    );
    if (recovery_salt === undefined || recovery_wrap === undefined)
      throw new Error('the recovery wrap was not made');
    return { ...pinWraps, recovery_salt, recovery_wrap };
  }

  #session(caller: Caller, epoch: number, key: Buffer, now: Date): VaultSession {
    const { token, expiresAt } = this.deps.tokens.issue(
      { userId: caller.userId, sessionId: caller.sessionId, epoch, key },
      now,
    );
    return { vault_token: token, expires_at: expiresAt.toISOString() };
  }

  #hashCode(userId: string, code: string): string {
    return createHmac('sha256', this.#codeKey).update(`${userId}\n${code}`).digest('hex');
  }

  async #mailLockout(userId: string, seconds: number): Promise<void> {
    const email = await this.deps.vaults.emailOf(userId);
    if (email !== undefined)
      this.deps.sendMail(vaultLockoutMail(email, formatWait(seconds), this.deps.appUrl));
  }
}
