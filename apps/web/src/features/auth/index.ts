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
export { completeSignIn, signOut } from './session/session-actions';
export {
  endSession,
  followOtherTabs,
  recordSessionEnd,
  setSessionEndListener,
  whileSigningOutHere,
  type SessionEndReason,
} from './session/session-end';
export { SIGNED_IN_EVENT } from './session/signed-in-event';
export { installRefreshHandler } from './session/refresh-handler';
export { startProactiveRefresh } from './session/proactive-refresh';
export {
  IDLE_WARNING_MS,
  noteStreamActivity,
  staySignedIn,
  startSessionTimeout,
  type IdleWarningView,
} from './session/session-timeout';
export { parseUser } from './api/get-current-user';
export { changePassword } from './api/change-password';
export { logoutEverywhere } from './api/logout-everywhere';
export { authErrorMessage } from './auth-error-message';
export { validateNewPassword, validatePasswordMatch } from './validation';
// Form pieces the profile screen shares with the auth screens.
export { FormAlert } from './components/fields/form-alert';
export { PasswordField } from './components/fields/password-field';
export { PasswordStrengthMeter } from './components/fields/password-strength-meter';
export { TextField } from './components/fields/text-field';
export { TwoFactorSettings } from './two-factor/components/two-factor-section';
