import { AUTH_STORAGE_KEY, tokensOf, useAuthStore, type SessionTokens } from '../store/auth-store';
import { emitSignedIn } from './signed-in-event';

/**
 * Why this tab's session ended: here, in another tab of this browser, on the server (a refused
 * refresh: expired; the socket closed as signed out: revoked), or after the session timeout
 * without activity (spec §9).
 */
export type SessionEndReason =
  'signed-out' | 'signed-out-everywhere' | 'expired' | 'revoked' | 'idle';

const KEPT_REASONS: readonly SessionEndReason[] = [
  'signed-out',
  'signed-out-everywhere',
  'revoked',
  'idle',
];
/** What the server tells: a reason this browser recorded just now says more, and wins. */
const SERVER_REASONS: readonly SessionEndReason[] = ['expired', 'revoked'];

/**
 * Where a tab that ends the session leaves the reason for the other tabs. It is written before
 * the session is cleared, so a tab that sees the session go (a `storage` event on the auth key)
 * finds the reason already there; a stale reason is ignored.
 */
const REASON_KEY = 'parallax:session-end';
const REASON_FRESH_MS = 10_000;

type EndListener = (reason: SessionEndReason) => void;
let onEnded: EndListener = () => undefined;
/** Sign-outs this tab asked for that are under way (see whileSigningOutHere). */
let signingOutHere = 0;

/** The app shows the user why (a toast) and where to go (the sign-in form); set once. */
export function setSessionEndListener(listener: EndListener): void {
  onEnded = listener;
}

/**
 * Runs a sign-out this tab asked for (here, or everywhere). The server closes this session's
 * sockets as it ends it, and other tabs of the browser may clear the shared session before
 * `work` returns: while it runs, such news is this same sign-out, which the caller tells of
 * itself, so the user is not also told their session ended elsewhere.
 */
export async function whileSigningOutHere<T>(work: () => Promise<T>): Promise<T> {
  signingOutHere += 1;
  try {
    return await work();
  } finally {
    signingOutHere -= 1;
  }
}

function tell(reason: SessionEndReason): void {
  if (signingOutHere === 0) onEnded(reason);
}

function hasSession(): boolean {
  const { accessToken, refreshToken } = useAuthStore.getState();
  return accessToken !== null || refreshToken !== null;
}

/** Leaves the reason for the other tabs of this browser; storage may be unavailable. */
export function recordSessionEnd(reason: SessionEndReason): void {
  try {
    localStorage.setItem(REASON_KEY, JSON.stringify({ reason, at: Date.now() }));
  } catch {
    // Other tabs then fall back to the generic "session ended".
  }
}

function recordedReason(fallback: SessionEndReason = 'expired'): SessionEndReason {
  try {
    const raw = localStorage.getItem(REASON_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object') {
      const { reason, at } = parsed as { reason?: unknown; at?: unknown };
      const fresh = typeof at === 'number' && Date.now() - at < REASON_FRESH_MS;
      const kept = KEPT_REASONS.find((known) => known === reason);
      if (fresh && kept) return kept;
    }
  } catch {
    // unreadable: the fallback
  }
  return fallback;
}

/**
 * The session can no longer be used (a refresh the server refused, or no refresh token): drop
 * it and tell the user, once however many requests found out together.
 */
export function endSession(reason: SessionEndReason): void {
  const had = hasSession();
  // A 401 or the socket's close can beat the other tab's news of why (it signed out
  // everywhere): that reason wins.
  const why = SERVER_REASONS.includes(reason) ? recordedReason(reason) : reason;
  recordSessionEnd(why);
  useAuthStore.getState().clearSession();
  if (had) tell(why);
}

/**
 * Keeps this tab in step with the others of the browser, which share the stored session: a
 * token another tab rotated is taken over (using the old, single-use one would look like token
 * theft to the server), a session another tab ended ends here too, and a sign-in elsewhere
 * signs this tab in. Returns the unsubscribe.
 */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    // `key` is null when another tab cleared the whole storage.
    if (
      event.storageArea !== localStorage ||
      (event.key !== AUTH_STORAGE_KEY && event.key !== null)
    )
      return;
    void readSharedSession(() => {
      // Rehydrating from a removed key keeps what is in memory: removed means signed out.
      if (localStorage.getItem(AUTH_STORAGE_KEY) === null) useAuthStore.getState().clearSession();
    });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * Reads the session the tabs share into this one and tells of what changed: a session another
 * tab ended ends here with its reason, a sign-in there signs this tab in. Every read of the
 * shared session goes through here: a bare rehydrate (under the session lock, say) took such a
 * change in silently, and the storage event that followed then found nothing to tell.
 */
export async function readSharedSession(afterRead: () => void = () => undefined): Promise<void> {
  const had = hasSession();
  await useAuthStore.persist.rehydrate();
  afterRead();
  const now = hasSession();
  if (had && !now) tell(recordedReason());
  const { user, isAuthenticated } = useAuthStore.getState();
  if (!had && now && isAuthenticated && user) emitSignedIn(user.id);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The pair another tab of this browser got by refreshing with `used` a moment ago: the server
 * refuses a second refresh with the same token (409) and says to use the newest tokens, which
 * that tab writes to the shared storage as its refresh returns. Null when none shows up.
 */
export async function tokensRefreshedElsewhere(
  used: string,
  { tries = 10, delayMs = 100 }: { tries?: number; delayMs?: number } = {},
): Promise<SessionTokens | null> {
  for (let attempt = 0; attempt < tries; attempt++) {
    await readSharedSession();
    // With its expiry: without one the proactive refresh would fall back on the token's exp,
    // which a browser clock ahead of the server's takes for due at once.
    const stored = tokensOf(useAuthStore.getState());
    if (stored && stored.refreshToken !== used) return stored;
    await sleep(delayMs);
  }
  return null;
}
