import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors/api-error';
import { initializeAuth } from '../hooks/initialize-auth';
import { AUTH_STORAGE_KEY, useAuthStore, type AuthUser } from './auth-store';

const user: AuthUser = { id: 'u1', email: 'a@b.co', role: 'user' };

beforeEach(() => {
  useAuthStore.setState({
    user: null,
    accessToken: null,
    refreshToken: null,
    isAuthenticated: false,
    isLoading: true,
    error: null,
  });
});

describe('auth store', () => {
  it('persists user, tokens, their expiry and the flag under auth-storage, but not isLoading', () => {
    useAuthStore
      .getState()
      .setSession({ accessToken: 'a', refreshToken: 'r', expiresAt: 1_000, user });
    const saved = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}') as {
      state: Record<string, unknown>;
    };
    expect(saved.state).toEqual({
      user,
      accessToken: 'a',
      refreshToken: 'r',
      accessTokenExpiresAt: 1_000,
      isAuthenticated: true,
    });
    useAuthStore.getState().clearSession();
    expect(useAuthStore.getState()).toMatchObject({
      user: null,
      accessToken: null,
      isAuthenticated: false,
    });
  });

  it('without tokens: not authenticated and done loading, no server call', async () => {
    const fetchMe = vi.fn();
    await initializeAuth(fetchMe);
    expect(fetchMe).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({ isLoading: false, isAuthenticated: false });
  });

  it('with tokens: stays loading until /users/me answers, then signed in', async () => {
    useAuthStore.setState({ accessToken: 'a', refreshToken: 'r', isAuthenticated: true });
    let answer: (u: typeof user) => void = () => undefined;
    const pending = initializeAuth(() => new Promise((resolve) => (answer = resolve)));
    await Promise.resolve();
    expect(useAuthStore.getState().isLoading).toBe(true);
    answer(user);
    await pending;
    expect(useAuthStore.getState()).toMatchObject({
      isLoading: false,
      isAuthenticated: true,
      user,
    });
  });

  it('a 401 from /users/me clears the session', async () => {
    useAuthStore.setState({ accessToken: 'a', refreshToken: 'r', isAuthenticated: true, user });
    await initializeAuth(() =>
      Promise.reject(new ApiError({ kind: 'http', status: 401, message: 'expired' })),
    );
    expect(useAuthStore.getState()).toMatchObject({
      isLoading: false,
      isAuthenticated: false,
      accessToken: null,
      user: null,
    });
  });

  it('a network failure keeps the session', async () => {
    useAuthStore.setState({ accessToken: 'a', refreshToken: 'r', isAuthenticated: true, user });
    await initializeAuth(() => Promise.reject(new ApiError({ kind: 'network', message: 'down' })));
    expect(useAuthStore.getState()).toMatchObject({
      isLoading: false,
      isAuthenticated: true,
      accessToken: 'a',
    });
  });
});

describe('legacy auth keys', () => {
  it('moves a legacy token pair into the auth state and removes the old keys', async () => {
    const { migrateLegacyAuthKeys, LEGACY_AUTH_KEYS } = await import('./auth-store');
    localStorage.setItem(LEGACY_AUTH_KEYS.accessToken, 'old-access');
    localStorage.setItem(LEGACY_AUTH_KEYS.refreshToken, 'old-refresh');
    localStorage.setItem(LEGACY_AUTH_KEYS.user, JSON.stringify({ id: 'u9', email: 'old@b.co' }));
    expect(migrateLegacyAuthKeys(localStorage)).toEqual({
      accessToken: 'old-access',
      refreshToken: 'old-refresh',
      user: { id: 'u9', email: 'old@b.co' },
      isAuthenticated: true,
    });
    for (const key of Object.values(LEGACY_AUTH_KEYS)) expect(localStorage.getItem(key)).toBeNull();
  });

  it('drops half a session and unreadable values without signing anyone in', async () => {
    const { migrateLegacyAuthKeys, LEGACY_AUTH_KEYS } = await import('./auth-store');
    localStorage.setItem(LEGACY_AUTH_KEYS.accessToken, 'only-access');
    localStorage.setItem(LEGACY_AUTH_KEYS.user, '{not json');
    expect(migrateLegacyAuthKeys(localStorage)).toEqual({});
    expect(localStorage.getItem(LEGACY_AUTH_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(LEGACY_AUTH_KEYS.user)).toBeNull();
  });

  it('rehydrates the store from legacy keys when auth-storage is empty', async () => {
    const { LEGACY_AUTH_KEYS } = await import('./auth-store');
    localStorage.removeItem(AUTH_STORAGE_KEY);
    localStorage.setItem(LEGACY_AUTH_KEYS.accessToken, 'a2');
    localStorage.setItem(LEGACY_AUTH_KEYS.refreshToken, 'r2');
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState()).toMatchObject({
      accessToken: 'a2',
      refreshToken: 'r2',
      isAuthenticated: true,
    });
    expect(localStorage.getItem(LEGACY_AUTH_KEYS.refreshToken)).toBeNull();
  });
});
