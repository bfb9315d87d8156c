import type { SignInResponse, TokenResponse, UserRole } from '@parallax/contract';
import { AppError } from '../../infra/errors';
import type { VisitorsService } from '../../infra/visitors/visitors.service';
import type { AccountsRepository, UserRow } from './accounts.repository';
import type { SessionsService } from './sessions.service';
import type { TwoFactorChallenges } from './two-factor/two-factor-challenges';

/**
 * Shown when an admin has disabled the account (after the credentials were checked). The
 * support screen needs a signed-in account, so the refusal itself names where to write:
 * SUPPORT_EMAIL, or the site's administrator when none is configured.
 */
export function accountDisabledMessage(supportEmail: string | undefined): string {
  return supportEmail === undefined
    ? 'This account has been disabled. Contact the administrator of this site if you think this is a mistake.'
    : `This account has been disabled. If you think this is a mistake, write to support at ${supportEmail}.`;
}

/**
 * The last step of every way in (code verification, password, Google, Apple): the second step
 * for accounts with two-factor sign-in on, else role from ADMIN_EMAILS, a new session, and the
 * caller's visitor data moved to the account.
 */
export class SignInService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionsService,
    private readonly visitors: VisitorsService,
    private readonly adminEmails: readonly string[],
    private readonly twoFactor: TwoFactorChallenges,
    private readonly supportEmail: string | undefined,
  ) {}

  /** Tokens, or a challenge when the account's second factor must be shown first. */
  async complete(user: UserRow, visitorId: string | null): Promise<SignInResponse> {
    if (user.disabled_at !== null)
      throw new AppError('forbidden', accountDisabledMessage(this.supportEmail));
    return (await this.twoFactor.issueFor(user.id, visitorId)) ?? this.issueTokens(user, visitorId);
  }

  /** Only after every factor the account needs has been checked. */
  async issueTokens(user: UserRow, visitorId: string | null): Promise<TokenResponse> {
    if (user.disabled_at !== null)
      throw new AppError('forbidden', accountDisabledMessage(this.supportEmail));
    const role = await this.ensureRole(user);
    const tokens = await this.sessions.start(user.id, role);
    if (visitorId !== null) await this.visitors.claim(visitorId, user.id);
    return tokens;
  }

  /**
   * ADMIN_EMAILS grants admin only to a verified owner of the address, at sign-in time; being
   * first to register gives nothing.
   */
  private async ensureRole(user: UserRow): Promise<UserRole> {
    const current: UserRole = user.role === 'admin' ? 'admin' : 'user';
    if (current === 'user' && user.email_verified === 1 && this.adminEmails.includes(user.email)) {
      await this.accounts.update(user.id, { role: 'admin', updated_at: new Date().toISOString() });
      return 'admin';
    }
    return current;
  }
}
