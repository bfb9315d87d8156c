import { isApiError } from '../../../lib/errors/api-error';
import { getCurrentUser } from '../api/get-current-user';
import { useAuthStore, type AuthUser } from '../store/auth-store';

function whenHydrated(): Promise<void> {
  if (useAuthStore.persist.hasHydrated()) return Promise.resolve();
  return new Promise((resolve) => {
    const off = useAuthStore.persist.onFinishHydration(() => {
      off();
      resolve();
    });
  });
}

/**
 * Ends the loading state of spec §2's guard: once the persisted session is read and, when tokens
 * exist, the server confirmed them via GET /users/me. A 401 there (after the client's one refresh
 * attempt) means the session is gone; any other failure keeps it, since the server may just be down.
 */
export async function initializeAuth(
  fetchMe: () => Promise<AuthUser> = getCurrentUser,
): Promise<void> {
  await whenHydrated();
  const store = useAuthStore.getState();
  if (!store.accessToken && !store.refreshToken) {
    store.clearSession();
    store.setLoading(false);
    return;
  }
  try {
    const user = await fetchMe();
    useAuthStore.setState({ user, isAuthenticated: true, error: null });
  } catch (error) {
    if (isApiError(error) && error.status === 401) useAuthStore.getState().clearSession();
  } finally {
    useAuthStore.getState().setLoading(false);
  }
}
