import type { User } from '@parallax/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const AUTH_STORAGE_KEY = 'auth-storage';

/**
 * The signed-in user: the contract's `User` as /users/me sends it. Fields past id and email are
 * optional because a session persisted by an older build may lack them (or hold them under other
 * names) until /users/me answers again, which it does on every start.
 */
export type AuthUser = Pick<User, 'id' | 'email'> & Partial<Omit<User, 'id' | 'email'>>;

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  /** When the access token runs out, on this browser's clock (ms); from the token response. */
  expiresAt?: number;
}

/** The auth state of spec §3. */
export interface AuthState {
  user: AuthUser | null;
  accessToken: string | null;
  refreshToken: string | null;
  /**
   * When the access token runs out, on this browser's clock: the proactive refresh is timed by
   * it. Null when unknown (a session saved by an older build); the token's own exp is used then.
   */
  accessTokenExpiresAt: number | null;
  isAuthenticated: boolean;
  /** True until the persisted session has been checked against the server; never persisted. */
  isLoading: boolean;
  error: string | null;
  setSession: (session: SessionTokens & { user?: AuthUser | null }) => void;
  setTokens: (tokens: SessionTokens) => void;
  setUser: (user: AuthUser) => void;
  clearSession: () => void;
  setLoading: (isLoading: boolean) => void;
  setError: (error: string | null) => void;
}

/** The token pair the state holds, with its expiry when known; null without a full pair. */
export function tokensOf(
  state: Pick<AuthState, 'accessToken' | 'refreshToken' | 'accessTokenExpiresAt'>,
): SessionTokens | null {
  const { accessToken, refreshToken, accessTokenExpiresAt } = state;
  if (!accessToken || !refreshToken) return null;
  return accessTokenExpiresAt === null
    ? { accessToken, refreshToken }
    : { accessToken, refreshToken, expiresAt: accessTokenExpiresAt };
}

/** Keys earlier builds kept the session under, one value each; read once, then removed. */
export const LEGACY_AUTH_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  user: 'user',
} as const;

function readLegacyUser(raw: string | null): AuthUser | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object') {
      const { id, email } = parsed as Record<string, unknown>;
      if (typeof id === 'string' && typeof email === 'string') return { id, email };
    }
  } catch {
    // not JSON: the value is dropped with its key
  }
  return null;
}

/**
 * Moves a session kept under the legacy keys into the auth state and deletes those keys.
 * Only a complete token pair counts as a session; the user is re-read from /users/me anyway.
 */
export function migrateLegacyAuthKeys(
  storage: Storage,
): Partial<Pick<AuthState, 'accessToken' | 'refreshToken' | 'user' | 'isAuthenticated'>> {
  const accessToken = storage.getItem(LEGACY_AUTH_KEYS.accessToken);
  const refreshToken = storage.getItem(LEGACY_AUTH_KEYS.refreshToken);
  const user = readLegacyUser(storage.getItem(LEGACY_AUTH_KEYS.user));
  for (const key of Object.values(LEGACY_AUTH_KEYS)) storage.removeItem(key);
  if (!accessToken || !refreshToken) return {};
  return { accessToken, refreshToken, user, isAuthenticated: true };
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      accessToken: null,
      refreshToken: null,
      accessTokenExpiresAt: null,
      isAuthenticated: false,
      isLoading: true,
      error: null,
      setSession: ({ accessToken, refreshToken, expiresAt, user }) =>
        set((s) => ({
          accessToken,
          refreshToken,
          accessTokenExpiresAt: expiresAt ?? null,
          user: user ?? s.user,
          isAuthenticated: true,
          error: null,
        })),
      setTokens: ({ accessToken, refreshToken, expiresAt }) =>
        set({ accessToken, refreshToken, accessTokenExpiresAt: expiresAt ?? null }),
      setUser: (user) => set({ user }),
      clearSession: () =>
        set({
          user: null,
          accessToken: null,
          refreshToken: null,
          accessTokenExpiresAt: null,
          isAuthenticated: false,
        }),
      setLoading: (isLoading) => set({ isLoading }),
      setError: (error) => set({ error }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({
        user: s.user,
        accessToken: s.accessToken,
        refreshToken: s.refreshToken,
        accessTokenExpiresAt: s.accessTokenExpiresAt,
        isAuthenticated: s.isAuthenticated,
      }),
      // A session saved by this build wins over one found under the legacy keys.
      merge: (persisted, current) => {
        const legacy =
          typeof localStorage === 'undefined' ? {} : migrateLegacyAuthKeys(localStorage);
        return { ...current, ...legacy, ...(persisted as Partial<AuthState> | undefined) };
      },
    },
  ),
);
