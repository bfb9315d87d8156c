import {
  endSession,
  staySignedIn,
  startProactiveRefresh,
  startSessionTimeout,
} from '../features/auth';
import { toast } from '../ui/toast/toast-store';

export const IDLE_WARNING_TITLE = 'Are you still there?';
export const STAY_SIGNED_IN = 'Stay signed in';

/** "1 minute", "45 seconds": the time left, rounded up to what the user can act on. */
export function timeLeftText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function idleWarningText(msLeft: number): string {
  return `You have been inactive for a while. For your security you will be signed out in ${timeLeftText(msLeft)}.`;
}

/** The inactivity warning as a toast that stays until the user acts or the session ends. */
function idleWarningToast() {
  let id: string | null = null;
  return {
    show: (deadline: number) => {
      if (id) toast.dismiss(id);
      id = toast.warning(IDLE_WARNING_TITLE, idleWarningText(deadline - Date.now()), 0, {
        label: STAY_SIGNED_IN,
        onAction: staySignedIn,
      });
    },
    hide: () => {
      if (id) toast.dismiss(id);
      id = null;
    },
  };
}

/**
 * Keeps a signed-in session alive while it is used and ends it when it is not (spec §9): the
 * token refreshed ahead of its expiry, the sign-out after the session timeout without activity.
 */
export function wireSessionTimeout(): void {
  startProactiveRefresh(() => endSession('expired'));
  startSessionTimeout(idleWarningToast());
}
