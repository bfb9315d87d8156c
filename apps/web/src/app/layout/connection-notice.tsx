import { INTERCEPTOR_MESSAGES } from '@parallax/contract';
import { RefreshCw, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useOpenSocketState } from '../../features/chat';
import { checkConnectionNow, useConnectivity } from '../connectivity';

/** A blip shorter than this (a socket replaced on sign-in, a restart's quick hand-over) says nothing. */
const SHOW_AFTER_MS = 1_500;

/** Spec §8's offline text; the server being out of reach has no text there. */
export const OFFLINE_TEXT = INTERCEPTOR_MESSAGES.offline;
export const RECONNECTING_TEXT = 'Cannot reach Parallax. Reconnecting…';

/**
 * Says so while the app cannot reach its server: the browser is offline, API calls get no
 * answer, or the chat socket is reconnecting. It goes away by itself once the server answers
 * again and the socket is back.
 */
export function ConnectionNotice() {
  const browserOnline = useConnectivity((s) => s.browserOnline);
  const apiReachable = useConnectivity((s) => s.apiReachable);
  const socketState = useOpenSocketState();
  const socketDown = socketState === 'reconnecting' || socketState === 'error';
  const problem = !browserOnline ? 'offline' : !apiReachable || socketDown ? 'reconnecting' : null;

  const [shown, setShown] = useState<typeof problem>(null);
  useEffect(() => {
    if (!problem) {
      setShown(null);
      return;
    }
    const timer = setTimeout(() => setShown(problem), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [problem]);

  if (!shown) return null;
  return (
    <div
      role="status"
      data-testid="connection-notice"
      className="fixed inset-x-0 top-2 z-50 flex justify-center px-3 md:top-3"
    >
      <p className="flex max-w-full items-center gap-2 rounded-full border border-amber-300 bg-amber-50 py-1.5 pr-1.5 pl-3 text-sm text-amber-950 shadow-md dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
        <WifiOff className="size-4 shrink-0" aria-hidden />
        <span className="min-w-0">{shown === 'offline' ? OFFLINE_TEXT : RECONNECTING_TEXT}</span>
        <button
          type="button"
          onClick={checkConnectionNow}
          className="flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 font-medium hover:bg-amber-200/70 focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:outline-none dark:hover:bg-amber-900"
        >
          <RefreshCw className="size-3.5" aria-hidden /> Try now
        </button>
      </p>
    </div>
  );
}
