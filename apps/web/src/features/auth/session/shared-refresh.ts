import { isApiError } from '../../../lib/errors/api-error';
import { refreshTokens } from '../api/refresh-tokens';
import { tokensOf, useAuthStore, type SessionTokens } from '../store/auth-store';
import { readSharedSession } from './session-end';
import { withSessionLock } from './session-lock';
import { refreshDueAt } from './token-expiry';

type Refresh = (refreshToken: string) => Promise<SessionTokens>;

/**
 * The HTTP client's refresh after a 401, shared by the tabs: under the session lock, a pair
 * another tab stored after refreshing `used` is taken as it is; otherwise this tab refreshes and
 * stores the new pair before the lock opens, so a tab waiting behind it finds it. Refresh tokens
 * are single-use: two tabs presenting the same one would be refused. Rejects when the shared
 * session is gone.
 */
export function refreshShared(
  used: string,
  refresh: Refresh = refreshTokens,
): Promise<SessionTokens> {
  return withSessionLock(async () => {
    await readSharedSession();
    const stored = tokensOf(useAuthStore.getState());
    // Another tab ended the session (a sign-out revokes its tokens at once, so requests in
    // flight here come back 401): presenting the old refresh token could only be refused.
    if (!stored) throw new Error('The session ended in another tab');
    if (stored.refreshToken !== used) return stored;
    const tokens = await refresh(used);
    useAuthStore.getState().setTokens(tokens);
    return tokens;
  });
}

export type ProactiveOutcome = 'refreshed' | 'not-due' | 'signed-out' | 'refused' | 'failed';

/**
 * The proactive refresh (spec §9: the refresh buffer before the access token expires), once for
 * all tabs: under the session lock, a tab finds the refresh already done by another one (its
 * stored expiry moved on) and does nothing. A refusal ends the session like a failed refresh
 * after a 401; a network failure leaves it to a later try or to the 401 path.
 */
export function refreshIfDue(
  onRefused: () => void,
  refresh: Refresh = refreshTokens,
  now: () => number = Date.now,
): Promise<ProactiveOutcome> {
  return withSessionLock(async () => {
    await readSharedSession();
    const { accessToken, refreshToken, accessTokenExpiresAt, isAuthenticated } =
      useAuthStore.getState();
    if (!isAuthenticated || !refreshToken) return 'signed-out';
    const due = refreshDueAt(accessToken, accessTokenExpiresAt);
    if (due !== null && now() < due) return 'not-due';
    try {
      useAuthStore.getState().setTokens(await refresh(refreshToken));
      return 'refreshed';
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        onRefused();
        return 'refused';
      }
      return 'failed';
    }
  });
}
