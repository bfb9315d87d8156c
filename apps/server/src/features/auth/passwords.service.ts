import { AppError } from '../../infra/errors';
import type { MailMessage } from '../../infra/mailer/mailer';
import type { AccountsRepository } from './accounts.repository';
import { INVALID_RESET_TOKEN, passwordRejected } from './auth.errors';
import { passwordResetMail } from './auth.mails';
import type { CredentialsRepository } from './credentials.repository';
import { confirmPassword } from './confirm-password';
import { hashPassword } from './password-hasher';
import { describePasswordProblem, findPasswordProblem } from './password-policy';
import { generateOpaqueToken, hashOpaqueToken, normaliseEmail } from './secrets';
import type { SessionsService } from './sessions.service';
import { Cooldown, type Throttle } from './throttle';
import type { ThrottlesRepository } from './throttles.repository';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
const RESET_MAIL_INTERVAL_MS = 60_000;

export interface PasswordsServiceDeps {
  accounts: AccountsRepository;
  credentials: CredentialsRepository;
  throttles: ThrottlesRepository;
  sessions: SessionsService;
  loginThrottle: Throttle;
  sendMail: (message: MailMessage) => void;
  appUrl: string;
}

/** Password reset by mailed link, and change while signed in. */
export class PasswordsService {
  private readonly resetCooldown: Cooldown;

  constructor(private readonly deps: PasswordsServiceDeps) {
    this.resetCooldown = new Cooldown(deps.throttles, RESET_MAIL_INTERVAL_MS);
  }

  /** Answers the same for any email; the token only ever travels in the mail. */
  async requestReset(rawEmail: string): Promise<void> {
    const email = normaliseEmail(rawEmail);
    const user = await this.deps.accounts.findByEmail(email);
    if (user === undefined || !(await this.resetCooldown.tryTake(`reset:${email}`))) return;
    const token = generateOpaqueToken();
    const now = new Date();
    await this.deps.credentials.insertResetToken({
      token_hash: hashOpaqueToken(token),
      user_id: user.id,
      expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    });
    const link = `${this.deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    this.deps.sendMail(passwordResetMail(email, link, RESET_TOKEN_TTL_MS / 60_000));
  }

  async isResetTokenValid(token: string): Promise<boolean> {
    const row = await this.deps.credentials.findResetToken(hashOpaqueToken(token));
    return row !== undefined && row.used_at === null && row.expires_at > new Date().toISOString();
  }

  /**
   * Sets the new password and signs out every session. Following the mailed link proves the
   * mailbox is theirs, so an unverified account becomes verified.
   */
  async confirmReset(token: string, newPassword: string): Promise<void> {
    const problem = findPasswordProblem(newPassword);
    if (problem !== null) throw passwordRejected('new_password', describePasswordProblem(problem));
    const tokenHash = hashOpaqueToken(token);
    const row = await this.deps.credentials.findResetToken(tokenHash);
    if (row === undefined) throw new AppError('bad_request', INVALID_RESET_TOKEN);
    const passwordHash = await hashPassword(newPassword);
    const now = new Date().toISOString();
    if (!(await this.deps.credentials.consumeResetToken(tokenHash, row.user_id, now)))
      throw new AppError('bad_request', INVALID_RESET_TOKEN);
    const user = await this.deps.accounts.findById(row.user_id);
    if (user === undefined) throw new AppError('bad_request', INVALID_RESET_TOKEN);
    await this.deps.accounts.update(user.id, {
      password_hash: passwordHash,
      email_verified: 1,
      updated_at: now,
    });
    await this.deps.credentials.deleteVerificationCode(user.id);
    await this.deps.sessions.revokeAllOf(user.id);
    await this.deps.loginThrottle.reset(`login:${user.email}`);
  }

  /** Keeps the caller's session and ends every other one. Wrong tries count toward login backoff. */
  async changePassword(
    userId: string,
    sessionId: string,
    currentPassword: string,
    newPassword: string,
  ): Promise<void> {
    const user = await this.deps.accounts.findById(userId);
    if (user === undefined)
      throw new AppError('unauthorized', 'Your session has expired. Please sign in again.');
    if (user.password_hash === null) {
      throw new AppError(
        'validation_error',
        'current_password: this account signs in with Google or Apple and has no password yet; use "Forgot password" to set one',
      );
    }
    await confirmPassword(
      this.deps.loginThrottle,
      { email: user.email, password_hash: user.password_hash },
      currentPassword,
      'current_password',
    );
    const problem = findPasswordProblem(newPassword);
    if (problem !== null) throw passwordRejected('new_password', describePasswordProblem(problem));
    await this.deps.accounts.update(user.id, {
      password_hash: await hashPassword(newPassword),
      updated_at: new Date().toISOString(),
    });
    await this.deps.sessions.revokeAllOf(user.id, sessionId);
  }
}
