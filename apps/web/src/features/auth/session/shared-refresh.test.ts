import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors/api-error';
import { useAuthStore, type SessionTokens } from '../store/auth-store';
import { refreshIfDue, refreshShared } from './shared-refresh';

const MINUTE = 60_000;

/** The browser's Web Locks, outside our code: one holder at a time, in request order. */
function installWebLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  const request = vi.fn((_name: string, work: () => Promise<unknown>) => {
    const run = tail.then(() => work());
    tail = run.catch(() => undefined);
    return run;
  });
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
  return request;
}

/** The server's refresh: rotates the token; presenting a used one again would be refused. */
function rotatingServer() {
  const used = new Set<string>();
  let n = 1;
  return vi.fn(async (refreshToken: string): Promise<SessionTokens> => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (used.has(refreshToken))
      throw new ApiError({ kind: 'http', status: 409, message: 'refreshed just now' });
    used.add(refreshToken);
    n += 1;
    return { accessToken: `acc${n}`, refreshToken: `ref${n}`, expiresAt: Date.now() + 15 * MINUTE };
  });
}

function signedInWith(expiresAt: number): void {
  useAuthStore.setState({
    user: { id: 'u1', email: 'ada@example.com' },
    accessToken: 'acc1',
    refreshToken: 'ref1',
    accessTokenExpiresAt: expiresAt,
    isAuthenticated: true,
    isLoading: false,
    error: null,
  });
}

beforeEach(() => {
  localStorage.clear();
  installWebLocks();
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
});

describe('the refresh after a 401, shared by the tabs', () => {
  it('refreshes once when two callers find the same token stale, and both get the new pair', async () => {
    signedInWith(Date.now() + MINUTE);
    const refresh = rotatingServer();
    const [first, second] = await Promise.all([
      refreshShared('ref1', refresh),
      refreshShared('ref1', refresh),
    ]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(first).toMatchObject({ accessToken: 'acc2', refreshToken: 'ref2' });
    expect(second).toMatchObject({ accessToken: 'acc2', refreshToken: 'ref2' });
    expect(useAuthStore.getState().refreshToken).toBe('ref2');
  });

  it('takes up a pair another tab stored while this one waited for the lock', async () => {
    signedInWith(Date.now() + MINUTE);
    // Another tab refreshed and wrote the shared storage; this tab's memory still has ref1.
    localStorage.setItem(
      'auth-storage',
      JSON.stringify({
        state: { ...useAuthStore.getState(), accessToken: 'accX', refreshToken: 'refX' },
        version: 0,
      }),
    );
    const refresh = rotatingServer();
    expect(await refreshShared('ref1', refresh)).toMatchObject({ refreshToken: 'refX' });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('presents nothing once another tab has ended the session (its sign-out made this 401)', async () => {
    signedInWith(Date.now() + MINUTE);
    localStorage.setItem(
      'auth-storage',
      JSON.stringify({
        state: { user: null, accessToken: null, refreshToken: null, isAuthenticated: false },
        version: 0,
      }),
    );
    const refresh = rotatingServer();
    await expect(refreshShared('ref1', refresh)).rejects.toThrow(/ended/);
    expect(refresh).not.toHaveBeenCalled();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});

describe('the proactive refresh', () => {
  it('waits until 5 minutes before expiry', async () => {
    signedInWith(Date.now() + 5 * MINUTE + 1_000);
    const refresh = rotatingServer();
    expect(await refreshIfDue(() => undefined, refresh)).toBe('not-due');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('runs once for two tabs that are due at the same moment; the second finds it done', async () => {
    signedInWith(Date.now() + 4 * MINUTE);
    const refresh = rotatingServer();
    const outcomes = await Promise.all([
      refreshIfDue(() => undefined, refresh),
      refreshIfDue(() => undefined, refresh),
    ]);
    expect(outcomes).toEqual(['refreshed', 'not-due']);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState()).toMatchObject({ refreshToken: 'ref2', isAuthenticated: true });
  });

  it('without the lock, two tabs would present the same single-use token (the race it prevents)', async () => {
    Reflect.deleteProperty(navigator, 'locks');
    signedInWith(Date.now() + 4 * MINUTE);
    const refresh = rotatingServer();
    await Promise.all([
      refreshIfDue(() => undefined, refresh),
      refreshIfDue(() => undefined, refresh),
    ]);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('ends the session when the server refuses the refresh token', async () => {
    signedInWith(Date.now() + MINUTE);
    const refused = vi.fn();
    const outcome = await refreshIfDue(refused, () =>
      Promise.reject(new ApiError({ kind: 'http', status: 401, message: 'expired' })),
    );
    expect(outcome).toBe('refused');
    expect(refused).toHaveBeenCalledOnce();
  });

  it('keeps the session when the server cannot be reached, for a later try', async () => {
    signedInWith(Date.now() + MINUTE);
    const refused = vi.fn();
    const outcome = await refreshIfDue(refused, () =>
      Promise.reject(new ApiError({ kind: 'network', message: 'offline' })),
    );
    expect(outcome).toBe('failed');
    expect(refused).not.toHaveBeenCalled();
    expect(useAuthStore.getState().refreshToken).toBe('ref1');
  });
});
