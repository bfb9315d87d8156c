import { installRefreshHandler, useAuthStore } from '../features/auth';
import { setHttpNavigate, setHttpSession } from '../lib/http';
import { errorLogger } from '../lib/telemetry/error-logger';

/** Connects lib/http to the auth store and the router; lib never imports either itself. */
export function wireHttp(navigate: (path: string) => void): void {
  setHttpSession({
    getAccessToken: () => useAuthStore.getState().accessToken,
    getRefreshToken: () => useAuthStore.getState().refreshToken,
    setTokens: (tokens) => useAuthStore.getState().setTokens(tokens),
    clearSession: () => useAuthStore.getState().clearSession(),
  });
  setHttpNavigate(navigate);
  installRefreshHandler();
  errorLogger.setUserId(useAuthStore.getState().user?.id ?? null);
  useAuthStore.subscribe((s) => errorLogger.setUserId(s.user?.id ?? null));
}
