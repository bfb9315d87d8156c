// Screens are not exported here: the app lazy-loads them per route group.
export { useAuth } from './hooks/use-auth';
export { initializeAuth } from './hooks/initialize-auth';
export {
  useAuthStore,
  AUTH_STORAGE_KEY,
  type AuthUser,
  type AuthState,
  type SessionTokens,
} from './store/auth-store';
