import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const AUTH_STORAGE_KEY = 'auth-storage';

/** The signed-in user as the app needs it; the accounts issue widens this with the contract schema. */
export interface AuthUser {
  id: string;
  email: string;
  name?: string | null;
  role?: string;
  emailVerified?: boolean;
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
