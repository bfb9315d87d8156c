import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const AUTH_STORAGE_KEY = 'auth-storage';

export interface UserPreferences {
  theme: 'light' | 'dark' | 'system';
  defaultProvider: string | null;
  defaultModel: string | null;
}

/**
 * The signed-in user (the contract's `User`, camelCased). Fields past id and email are optional
 * because a session persisted by an older build may lack them until /users/me answers again.
 */
export interface AuthUser {
  id: string;
  email: string;
  name?: string | null;
  avatarUrl?: string | null;
  role?: string;
  emailVerified?: boolean;
  preferences?: UserPreferences;
  createdAt?: string;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** The auth state of spec §3. */
export interface AuthState {
  user: AuthUser | null;
  accessToken: string | null;
  refreshToken: string | null;
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

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      accessToken: null,
      refreshToken: null,
      isAuthenticated: false,
      isLoading: true,
      error: null,
      setSession: ({ accessToken, refreshToken, user }) =>
        set((s) => ({
          accessToken,
          refreshToken,
          user: user ?? s.user,
          isAuthenticated: true,
          error: null,
        })),
      setTokens: ({ accessToken, refreshToken }) => set({ accessToken, refreshToken }),
      setUser: (user) => set({ user }),
      clearSession: () =>
        set({ user: null, accessToken: null, refreshToken: null, isAuthenticated: false }),
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
        isAuthenticated: s.isAuthenticated,
      }),
    },
  ),
);
