import type {
  RecoveryCodesResponse,
  TokenResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '@parallax/contract';
import { AppError } from '../../../infra/errors';
import type { SecretBox } from '../../../infra/secret-box';
import type { AccountsRepository, UserRow } from '../accounts.repository';
import { RetryLaterError } from '../auth.errors';
import { confirmPassword } from '../confirm-password';
import { hashOpaqueToken } from '../secrets';
import type { SignInService } from '../sign-in.service';
import type { Throttle } from '../throttle';
import { renderQrDataUrl } from './qr-code';
import { generateRecoveryCodes, hashRecoveryCode, normaliseRecoveryCode } from './recovery-codes';
import { fromBase32, generateTotpSecret, matchTotpStep, otpauthUri, toBase32 } from './totp';
import type { TwoFactorRepository, TwoFactorRow } from './two-factor.repository';

const ISSUER = 'Parallax';
export const WRONG_CODE =
  'That code is not correct. Enter the code your authenticator app shows now, or an unused recovery code.';
export const WRONG_SETUP_CODE =
  "That code is not correct. Enter the code your authenticator app shows now, and check that the device's clock is right.";
export const CHALLENGE_ENDED =
  'This sign-in attempt has expired or was already used. Please sign in again.';
const SESSION_ENDED = 'Your session has expired. Please sign in again.';

export interface TwoFactorServiceDeps {
  repository: TwoFactorRepository;
  accounts: AccountsRepository;
  signIn: SignInService;
  box: SecretBox;
  /** Keys the recovery-code hashes (the server secret). */
  codeKey: string;
  /** Wrong codes, per account (the login backoff's schedule). */
  codeThrottle: Throttle;
  /** Wrong passwords at disable count toward the login backoff, as at password change. */
  loginThrottle: Throttle;
}

/** TOTP enrolment, recovery codes, disabling, and the second step of a sign-in. */
export class TwoFactorService {
  constructor(private readonly deps: TwoFactorServiceDeps) {}

  async status(userId: string): Promise<TwoFactorStatus> {
    const row = await this.deps.repository.find(userId);
    if (row?.enabled_at == null)
      return { enabled: false, enabled_at: null, recovery_codes_left: 0 };
    return {
      enabled: true,
      enabled_at: row.enabled_at,
      recovery_codes_left: await this.deps.repository.countUnusedRecoveryCodes(userId),
    };
  }

  /** A fresh secret each time; it protects nothing until `enable` sees a code from it. */
  async setup(userId: string): Promise<TwoFactorSetupResponse> {
    const user = await this.requireAccount(userId);
    const manualKey = toBase32(generateTotpSecret());
    const saved = await this.deps.repository.savePending(
      userId,
      this.deps.box.seal(manualKey, sealContext(userId)),
      new Date().toISOString(),
    );
    if (!saved)
      throw new AppError('conflict', 'Two-factor sign-in is already on. Turn it off first.');
    const uri = otpauthUri(manualKey, user.email, ISSUER);
    return { manual_key: manualKey, otpauth_uri: uri, qr_code: renderQrDataUrl(uri) };
  }

  async enable(userId: string, code: string): Promise<RecoveryCodesResponse> {
    const row = await this.deps.repository.find(userId);
    if (row === undefined || row.enabled_at !== null)
      throw new AppError(
        'conflict',
        'Start the setup again: there is no pending setup to confirm.',
      );
    await this.checkCode(row, code, { recovery: false, wrong: WRONG_SETUP_CODE });
    const codes = generateRecoveryCodes();
    const enabled = await this.deps.repository.enable(
      userId,
      codes.map((c) => hashRecoveryCode(c, userId, this.deps.codeKey)),
      new Date().toISOString(),
    );
    if (!enabled) throw new AppError('conflict', 'Two-factor sign-in is already on.');
    return { recovery_codes: codes };
  }

  /** New codes replace every old one; needs a current code (a recovery code will do). */
  async regenerateRecoveryCodes(userId: string, code: string): Promise<RecoveryCodesResponse> {
    const row = await this.requireEnabled(userId);
    await this.checkCode(row, code, { recovery: true, wrong: WRONG_CODE });
    const codes = generateRecoveryCodes();
    await this.deps.repository.replaceRecoveryCodes(
      userId,
      codes.map((c) => hashRecoveryCode(c, userId, this.deps.codeKey)),
      new Date().toISOString(),
    );
    return { recovery_codes: codes };
  }

  /**
   * Password and a code: a stolen session alone cannot turn the second factor off. Accounts
   * without a password (Google/Apple only) have nothing else to give than the code.
   */
  async disable(userId: string, password: string | undefined, code: string): Promise<void> {
    const user = await this.requireAccount(userId);
    const row = await this.requireEnabled(userId);
    if (user.password_hash !== null) {
      if (password === undefined)
        throw new AppError(
          'validation_error',
          'password: is required to turn two-factor sign-in off',
        );
      await confirmPassword(
        this.deps.loginThrottle,
        { email: user.email, password_hash: user.password_hash },
        password,
        'password',
      );
    }
    await this.checkCode(row, code, { recovery: true, wrong: WRONG_CODE });
    await this.deps.repository.remove(userId);
  }

  /** The second step of a sign-in: the challenge's own account's code, then the tokens. */
  async verify(challenge: string, code: string): Promise<TokenResponse> {
    const tokenHash = hashOpaqueToken(challenge);
    const pending = await this.deps.repository.findLiveChallenge(
      tokenHash,
      new Date().toISOString(),
    );
    if (pending === undefined) throw new AppError('unauthorized', CHALLENGE_ENDED);
    const row = await this.deps.repository.find(pending.user_id);
    const user = await this.deps.accounts.findById(pending.user_id);
    if (row?.enabled_at == null || user === undefined)
      throw new AppError('unauthorized', CHALLENGE_ENDED);
    await this.checkCode(row, code, { recovery: true, wrong: WRONG_CODE });
    if (!(await this.deps.repository.spendChallenge(tokenHash, new Date().toISOString())))
      throw new AppError('unauthorized', CHALLENGE_ENDED);
    return this.deps.signIn.issueTokens(user, pending.visitor_id);
  }

  /**
   * Throttled per account across processes; a TOTP step and a recovery code each work once,
   * even under parallel requests.
   */
  private async checkCode(
    row: TwoFactorRow,
    code: string,
    options: { recovery: boolean; wrong: string },
  ): Promise<void> {
    const key = `2fa:${row.user_id}`;
    const verdict = await this.deps.codeThrottle.check(key);
    if (!verdict.allowed)
      throw new RetryLaterError(
        `Too many wrong codes. Try again in ${verdict.retryAfterSeconds} seconds.`,
        verdict.retryAfterSeconds,
      );
    if (!(await this.spendCode(row, code.trim(), options.recovery))) {
      await this.deps.codeThrottle.recordFailure(key);
      throw new AppError('bad_request', options.wrong);
    }
    await this.deps.codeThrottle.reset(key);
  }

  private async spendCode(row: TwoFactorRow, code: string, allowRecovery: boolean) {
    const now = new Date();
    if (/^\d{6}$/.test(code)) {
      const step = matchTotpStep(this.secretOf(row), code, now.getTime());
      return step !== null && this.deps.repository.spendStep(row.user_id, step, now.toISOString());
    }
    if (!allowRecovery || normaliseRecoveryCode(code).length !== 10) return false;
    return this.deps.repository.spendRecoveryCode(
      row.user_id,
      hashRecoveryCode(code, row.user_id, this.deps.codeKey),
      now.toISOString(),
    );
  }

  private secretOf(row: TwoFactorRow): Buffer {
    const manualKey = this.deps.box.open(row.secret_sealed, sealContext(row.user_id));
    // Sealed under another key (SETTINGS_ENCRYPTION_KEY changed) or altered: unusable, and
    // saying more would help nobody but an attacker.
    if (manualKey === undefined) throw new Error('two-factor secret cannot be opened');
    return fromBase32(manualKey);
  }

  private async requireAccount(userId: string): Promise<UserRow> {
    const user = await this.deps.accounts.findById(userId);
    if (user === undefined) throw new AppError('unauthorized', SESSION_ENDED);
    return user;
  }

  private async requireEnabled(userId: string): Promise<TwoFactorRow> {
    const row = await this.deps.repository.find(userId);
    if (row?.enabled_at == null)
      throw new AppError('conflict', 'Two-factor sign-in is not on for this account.');
    return row;
  }
}

function sealContext(userId: string): string {
  return `two-factor-secret:${userId}`;
}
