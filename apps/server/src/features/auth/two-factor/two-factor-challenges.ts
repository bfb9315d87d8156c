import type { TwoFactorChallengeResponse } from '@parallax/contract';
import { generateOpaqueToken, hashOpaqueToken } from '../secrets';
import type { TwoFactorRepository } from './two-factor.repository';

/** Long enough to open an app and type a code, short enough that a leaked one soon dies. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Whether the 2FA flag is on now (admins may switch it at any time). */
export type TwoFactorFlag = () => Promise<boolean>;

/**
 * The second step of a sign-in. With the flag off, no account gets one: sign-in stays exactly
 * as without two-factor, and enrolments are kept for when the flag comes back on.
 */
export class TwoFactorChallenges {
  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly isOn: TwoFactorFlag,
  ) {}

  async issueFor(
    userId: string,
    visitorId: string | null,
  ): Promise<TwoFactorChallengeResponse | null> {
    if (!(await this.isOn())) return null;
    const enrolment = await this.repository.find(userId);
    if (enrolment?.enabled_at == null) return null;
    const token = generateOpaqueToken();
    const now = new Date();
    await this.repository.insertChallenge({
      token_hash: hashOpaqueToken(token),
      user_id: userId,
      visitor_id: visitorId,
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    });
    return { two_factor_required: true, challenge: token, expires_in: CHALLENGE_TTL_MS / 1000 };
  }
}
