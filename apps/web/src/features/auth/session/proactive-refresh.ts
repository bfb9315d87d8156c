import { useAuthStore } from '../store/auth-store';
import { refreshIfDue } from './shared-refresh';
import { refreshDueAt } from './token-expiry';

/** After a refresh that failed on the way (offline, server restarting), the next try. */
export const REFRESH_RETRY_MS = 30_000;
/** setTimeout fires at once past this (2^31 − 1 ms). */
const MAX_DELAY_MS = 2_147_483_647;

/**
 * Keeps the access token fresh while signed in: a timer per tab for the moment the refresh is
 * due, moved whenever the tokens change (here, or in another tab through the shared storage).
 * Returns the stop.
 */
export function startProactiveRefresh(onRefused: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    clearTimeout(timer);
    const { accessToken, accessTokenExpiresAt, isAuthenticated } = useAuthStore.getState();
    if (!isAuthenticated) return;
    const due = refreshDueAt(accessToken, accessTokenExpiresAt);
    if (due === null) return;
    timer = setTimeout(run, Math.min(MAX_DELAY_MS, Math.max(0, due - Date.now())));
  };

  const run = async () => {
    const outcome = await refreshIfDue(onRefused);
    if (outcome === 'failed') {
      clearTimeout(timer);
      timer = setTimeout(run, REFRESH_RETRY_MS);
    } else schedule();
  };

  const unsubscribe = useAuthStore.subscribe((s, prev) => {
    if (
      s.accessToken !== prev.accessToken ||
      s.accessTokenExpiresAt !== prev.accessTokenExpiresAt ||
      s.isAuthenticated !== prev.isAuthenticated
    )
      schedule();
  });
  schedule();
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
