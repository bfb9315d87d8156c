import { STATUS_POLICIES, SESSION, matchRoute } from '@parallax/contract';
import {
  SIGNED_IN_EVENT,
  followOtherTabs,
  setSessionEndListener,
  type SessionEndReason,
} from '../features/auth';
import { toast } from '../ui/toast/toast-store';
import { navigateTo } from './router';

export const SESSION_ENDED_TITLE = 'Your session ended';
export const SIGNED_OUT_IDLE_TITLE = 'You were signed out';

/** Why, in the user's words; the spec's 401 text when the server ended it. */
export const SESSION_ENDED_TEXT: Record<SessionEndReason, string> = {
  'signed-out-everywhere': 'You signed out everywhere. Sign in again to carry on.',
  'signed-out': 'You signed out in another tab.',
  expired: STATUS_POLICIES[401]?.userMessage ?? 'Please sign in again.',
  revoked: 'This device was signed out of your account. Sign in again to carry on.',
  idle: `You were inactive for ${SESSION.sessionTimeoutMs / 60_000} minutes, so we signed you out to keep your account safe.`,
};

/**
 * The sign-out on inactivity lands where a sign-out does (/), with a notice that stays until
 * the user has seen it (they were away) and a way to sign in again.
 */
function showSignedOutIdle(): void {
  const id = toast.info(SIGNED_OUT_IDLE_TITLE, SESSION_ENDED_TEXT.idle, 0, {
    label: 'Sign in again',
    onAction: () => navigateTo('/login'),
  });
  // Signed in again by any way: the notice has done its job.
  window.addEventListener(SIGNED_IN_EVENT, () => toast.dismiss(id), { once: true });
  // After the guard of a signed-in page has had its say (its redirect to /login runs in an
  // effect of the render the cleared session caused), so / is where the user lands.
  setTimeout(() => navigateTo('/'), 0);
}

/**
 * Tells the user their session ended somewhere else and opens the sign-in form, which brings
 * them back here afterwards. Already on an auth screen, the form is where they are.
 */
function showSessionEnded(reason: SessionEndReason): void {
  if (reason === 'idle') return showSignedOutIdle();
  toast.warning(SESSION_ENDED_TITLE, SESSION_ENDED_TEXT[reason]);
  const { pathname, search, hash } = window.location;
  if (matchRoute(pathname)?.group === 'auth') return;
  navigateTo('/login', { from: { pathname, search, hash } });
}

/** Every tab notices a session that ends elsewhere: another tab of this browser, or the server. */
export function wireSessionEnd(): void {
  setSessionEndListener(showSessionEnded);
  followOtherTabs();
}
