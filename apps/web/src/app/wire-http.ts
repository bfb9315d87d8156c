import { endSession, installRefreshHandler, useAuthStore } from '../features/auth';
import { setHttpSession } from '../lib/http';
import { errorLogger } from '../lib/telemetry/error-logger';

/** Connects lib/http to the auth store; lib never imports a feature itself. */
export function wireHttp(): void {
  setHttpSession({
    getAccessToken: () => useAuthStore.getState().accessToken,
    getRefreshToken: () => useAuthStore.getState().refreshToken,
    setTokens: (tokens) => useAuthStore.getState().setTokens(tokens),
    endSession: () => endSession('expired'),
  });
  installRefreshHandler();
  errorLogger.setUserId(useAuthStore.getState().user?.id ?? null);
  useAuthStore.subscribe((s) => errorLogger.setUserId(s.user?.id ?? null));
}
