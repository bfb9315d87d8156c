import { endSession, installRefreshHandler, useAuthStore } from '../features/auth';
import { setHttpObserver, setHttpSession } from '../lib/http';
import { noteApiOutcome } from './connectivity';
import { httpCrumb, recordClicks } from '../lib/telemetry/auto-breadcrumbs';
import { errorLogger } from '../lib/telemetry/error-logger';
import { eventTracker } from '../lib/telemetry/event-tracker';
import { setReportAccessToken } from '../lib/telemetry/report-transport';

/** Connects lib/http to the auth store; lib never imports a feature itself. */
export function wireHttp(): void {
  setHttpSession({
    getAccessToken: () => useAuthStore.getState().accessToken,
    getRefreshToken: () => useAuthStore.getState().refreshToken,
    setTokens: (tokens) => useAuthStore.getState().setTokens(tokens),
    endSession: () => endSession('expired'),
  });
  installRefreshHandler();
  setHttpObserver((method, url, status) => {
    httpCrumb(errorLogger.addBreadcrumb, method, url, status);
    noteApiOutcome(status);
  });
  recordClicks(errorLogger.addBreadcrumb);
  setReportAccessToken(() => useAuthStore.getState().accessToken);
  errorLogger.setUserId(useAuthStore.getState().user?.id ?? null);
  eventTracker.setUserId(useAuthStore.getState().user?.id ?? null);
  useAuthStore.subscribe((s) => {
    errorLogger.setUserId(s.user?.id ?? null);
    eventTracker.setUserId(s.user?.id ?? null);
  });
}
