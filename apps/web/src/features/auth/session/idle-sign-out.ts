import { logout } from '../api/logout';
import { useAuthStore } from '../store/auth-store';
import { endSession, readSharedSession } from './session-end';
import { withSessionLock } from './session-lock';

/**
 * The sign-out after the session timeout, done by one tab: under the session lock the shared
 * state is read again (another tab may have signed out, or seen activity, a moment ago). The
 * local session ends first, which the other tabs follow through the shared storage with the
 * reason; the server is told afterwards, outside the lock, with the refresh token alone: a
 * request that needed a token refresh under the lock would wait for the lock forever.
 * True when this call ended the session.
 */
export async function signOutForInactivity(
  stillIdle: () => boolean,
  endOnServer: (refreshToken: string | null) => Promise<void> = logout,
): Promise<boolean> {
  const ended = await withSessionLock(async () => {
    await readSharedSession();
    const { accessToken, refreshToken } = useAuthStore.getState();
    if ((!accessToken && !refreshToken) || !stillIdle()) return null;
    endSession('idle');
    return { refreshToken };
  });
  if (!ended) return false;
  try {
    await endOnServer(ended.refreshToken);
  } catch {
    // The local session is gone either way; the server's ends with its own lifetime.
  }
  return true;
}
