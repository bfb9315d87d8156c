import { SESSION } from '@parallax/contract';
import { useAuthStore } from '../store/auth-store';
import { signOutForInactivity } from './idle-sign-out';
import { createIdleTimer, type ActivityKind, type IdleTimer } from './idle-timer';

/** The warning shows this long before the sign-out on inactivity. */
export const IDLE_WARNING_MS = 60_000;
/** Activity is written to the shared storage at most this often (the deadline's precision). */
export const ACTIVITY_WRITE_INTERVAL_MS = 5_000;
/** Where the tabs of this browser share the moment of the last activity. */
export const LAST_ACTIVITY_KEY = 'parallax:last-activity';

export interface IdleWarningView {
  /** Show the warning: the session ends at `deadline` (ms) unless the user stays. */
  show(deadline: number): void;
  hide(): void;
}

const sharedLastActivity = {
  read(): number | null {
    try {
      const value = Number(localStorage.getItem(LAST_ACTIVITY_KEY));
      return Number.isFinite(value) && value > 0 ? value : null;
    } catch {
      return null;
    }
  },
  write(at: number): void {
    try {
      localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
    } catch {
      // Storage unavailable: this tab still times itself from its own start.
    }
  },
};

const DELIBERATE: readonly string[] = ['pointerdown', 'keydown'];
// Not `scroll`: the chat scrolls itself as an answer streams in, which is not the user.
const AMBIENT: readonly string[] = ['pointermove', 'wheel', 'focus'];

let current: IdleTimer | null = null;

/**
 * Signs the user out after the session timeout without activity (spec §9), with a warning a
 * minute before, the same deadline in every tab. Activity: pointer and keyboard input, the tab
 * coming into view or focus, and answers streaming in (see noteStreamActivity). Returns the stop.
 */
export function startSessionTimeout(view: IdleWarningView): () => void {
  const timer: IdleTimer = createIdleTimer({
    timeoutMs: SESSION.sessionTimeoutMs,
    warningMs: IDLE_WARNING_MS,
    writeIntervalMs: ACTIVITY_WRITE_INTERVAL_MS,
    lastActivity: sharedLastActivity,
    onWarn: (deadline) => view.show(deadline),
    onCalm: () => view.hide(),
    onIdle: () => {
      void signOutForInactivity(() => timer.isIdle()).then((ended) => {
        // Someone was active in another tab after all: keep timing.
        if (!ended && useAuthStore.getState().isAuthenticated) timer.start();
      });
    },
  });
  current = timer;

  const on = (kind: ActivityKind) => () => timer.activity(kind);
  const onDeliberate = on('deliberate');
  const onAmbient = on('ambient');
  const onVisibility = () => {
    if (document.visibilityState === 'visible') timer.activity('ambient');
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === LAST_ACTIVITY_KEY) timer.check();
  };
  const passive = { capture: true, passive: true } as const;
  for (const type of DELIBERATE) window.addEventListener(type, onDeliberate, passive);
  for (const type of AMBIENT) window.addEventListener(type, onAmbient, passive);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('storage', onStorage);

  if (useAuthStore.getState().isAuthenticated) timer.start();
  const unsubscribe = useAuthStore.subscribe((s, prev) => {
    if (s.isAuthenticated === prev.isAuthenticated) return;
    if (s.isAuthenticated) timer.start({ fresh: true });
    else timer.stop();
  });

  return () => {
    unsubscribe();
    timer.stop();
    for (const type of DELIBERATE) window.removeEventListener(type, onDeliberate, passive);
    for (const type of AMBIENT) window.removeEventListener(type, onAmbient, passive);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('storage', onStorage);
    if (current === timer) current = null;
  };
}

/** "Stay signed in": the warning's action. */
export function staySignedIn(): void {
  current?.activity('deliberate');
}

/** Tokens of the user's own answer arrived: someone is waiting for them. */
export function noteStreamActivity(): void {
  current?.activity('stream');
}
