import { getCurrentUser } from '../api/get-current-user';
import { logout } from '../api/logout';
import { useAuthStore, type AuthUser, type SessionTokens } from '../store/auth-store';
import { recordSessionEnd, whileSigningOutHere } from './session-end';
import { emitSignedIn } from './signed-in-event';

/**
 * Spec §4: after login or a token exchange the tokens are stored and the current user loaded;
 * only then is the session authenticated, so guards never see a signed-in state without a user.
 * If the user cannot be loaded the tokens are dropped again.
 */
export async function completeSignIn(
  tokens: SessionTokens,
  fetchMe: () => Promise<AuthUser> = getCurrentUser,
): Promise<AuthUser> {
  useAuthStore.getState().setTokens(tokens);
  try {
    const user = await fetchMe();
    useAuthStore.getState().setSession({ ...tokens, user });
    emitSignedIn(user.id);
    return user;
  } catch (error) {
    useAuthStore.getState().clearSession();
    throw error;
  }
}

/**
 * Ends the session on the server, then locally. The local session is cleared whatever the
 * server says: a user who asks to sign out must be signed out on this device. The reason is
 * left first: the other tabs' sockets close as the server ends the session.
 */
export async function signOut(
  endSession: (refreshToken: string | null) => Promise<void> = logout,
): Promise<void> {
  const { accessToken, refreshToken } = useAuthStore.getState();
  recordSessionEnd('signed-out');
  try {
    if (accessToken || refreshToken) await whileSigningOutHere(() => endSession(refreshToken));
  } catch {
    // Already expired or unreachable: nothing more this device can do.
  } finally {
    recordSessionEnd('signed-out');
    useAuthStore.getState().clearSession();
  }
}
