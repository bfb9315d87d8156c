import { SESSION } from '@parallax/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../store/auth-store';
import { setSessionEndListener, type SessionEndReason } from './session-end';
import {
  IDLE_WARNING_MS,
  LAST_ACTIVITY_KEY,
  noteStreamActivity,
  staySignedIn,
  startSessionTimeout,
} from './session-timeout';

const UNTIL_WARNING = SESSION.sessionTimeoutMs - IDLE_WARNING_MS;

let stop = () => undefined as void;
let shown: number[] = [];
let hidden = 0;
let ended: SessionEndReason[] = [];

const signedIn = {
  user: { id: 'u1', email: 'ada@example.com' },
  accessToken: 'acc',
  refreshToken: 'ref',
  accessTokenExpiresAt: null,
  isAuthenticated: true,
  isLoading: false,
  error: null,
};

/** Lets the sign-out's promises settle under fake timers. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  shown = [];
  hidden = 0;
  ended = [];
  // The server is outside: POST /auth/logout answers 200.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response('{"ok":true}', {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  setSessionEndListener((reason) => ended.push(reason));
  useAuthStore.setState({
    ...signedIn,
    isAuthenticated: false,
    accessToken: null,
    refreshToken: null,
  });
  stop = startSessionTimeout({
    show: (deadline) => shown.push(deadline),
    hide: () => (hidden += 1),
  });
  useAuthStore.setState(signedIn);
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the session timeout in a tab', () => {
  it('starts counting at sign-in and shares the moment with the other tabs', () => {
    expect(Number(localStorage.getItem(LAST_ACTIVITY_KEY))).toBe(Date.now());
  });

  it('"Stay signed in" takes the warning down and keeps the session', async () => {
    vi.advanceTimersByTime(UNTIL_WARNING);
    expect(shown).toHaveLength(1);
    staySignedIn();
    expect(hidden).toBe(1);
    vi.advanceTimersByTime(IDLE_WARNING_MS + 1);
    await settle();
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('a key press counts; the pointer merely moving does not dismiss the warning', async () => {
    vi.advanceTimersByTime(10_000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(Number(localStorage.getItem(LAST_ACTIVITY_KEY))).toBe(Date.now());
    vi.advanceTimersByTime(UNTIL_WARNING);
    expect(shown).toHaveLength(1);
    window.dispatchEvent(new Event('pointermove'));
    expect(hidden).toBe(0);
    vi.advanceTimersByTime(IDLE_WARNING_MS);
    await settle();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(ended).toEqual(['idle']);
  });

  it('an answer streaming in counts as activity', async () => {
    vi.advanceTimersByTime(UNTIL_WARNING + 1_000);
    noteStreamActivity();
    expect(hidden).toBe(1);
    vi.advanceTimersByTime(IDLE_WARNING_MS);
    await settle();
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('signs out at the timeout, ends the session on the server, and stops counting', async () => {
    vi.advanceTimersByTime(SESSION.sessionTimeoutMs);
    await settle();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, refreshToken: null });
    expect(ended).toEqual(['idle']);
    const calls = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(calls.some((url) => url.endsWith('/auth/logout'))).toBe(true);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(SESSION.sessionTimeoutMs);
    expect(shown).toHaveLength(1);
  });

  it('follows activity another tab wrote to the shared storage', () => {
    vi.advanceTimersByTime(UNTIL_WARNING);
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    window.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_KEY }));
    expect(hidden).toBe(1);
  });
});
