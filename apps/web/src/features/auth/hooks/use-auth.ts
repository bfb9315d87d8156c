import { useShallow } from 'zustand/react/shallow';
import { useAuthStore } from '../store/auth-store';

/** The auth state and actions features and the app read. */
export function useAuth() {
  return useAuthStore(
    useShallow((s) => ({
      user: s.user,
      isAuthenticated: s.isAuthenticated,
      isLoading: s.isLoading,
      isAdmin: s.user?.role === 'admin',
      error: s.error,
      setSession: s.setSession,
      setUser: s.setUser,
      clearSession: s.clearSession,
    })),
  );
}
