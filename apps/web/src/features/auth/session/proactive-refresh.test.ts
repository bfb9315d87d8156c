import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../store/auth-store';
import { REFRESH_RETRY_MS, startProactiveRefresh } from './proactive-refresh';

const MINUTE = 60_000;
let stop = () => undefined as void;
let refreshed: string[] = [];
let answer: 'ok' | 'offline' = 'ok';

/** The server is outside: POST /auth/refresh rotates the pair and says 900 s. */
function stubServer() {
  let n = 1;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { refresh_token?: string };
      if (!String(input).endsWith('/auth/refresh')) return new Response('{}', { status: 404 });
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      refreshed.push(body.refresh_token ?? '');
      n += 1;
      return new Response(
        JSON.stringify({
          access_token: `acc${n}`,
          refresh_token: `ref${n}`,
          expires_in: 900,
          token_type: 'Bearer',
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  refreshed = [];
  answer = 'ok';
  stubServer();
  useAuthStore.setState({
    user: { id: 'u1', email: 'ada@example.com' },
    accessToken: 'acc1',
    refreshToken: 'ref1',
    accessTokenExpiresAt: Date.now() + 15 * MINUTE,
    isAuthenticated: true,
    isLoading: false,
    error: null,
  });
  stop = startProactiveRefresh(() => undefined);
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the proactive refresh timer', () => {
  it('refreshes 5 minutes before each expiry, with the newest token each time', async () => {
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(refreshed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshed).toEqual(['ref1']);
    expect(useAuthStore.getState().refreshToken).toBe('ref2');
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(refreshed).toEqual(['ref1', 'ref2']);
  });

  it('moves its timer when another tab refreshed first (the tokens changed under it)', async () => {
    await vi.advanceTimersByTimeAsync(9 * MINUTE);
    useAuthStore.getState().setTokens({
      accessToken: 'accX',
      refreshToken: 'refX',
      expiresAt: Date.now() + 15 * MINUTE,
    });
    await vi.advanceTimersByTimeAsync(9 * MINUTE);
    expect(refreshed).toEqual([]);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(refreshed).toEqual(['refX']);
  });

  it('tries again later when the server cannot be reached, keeping the session', async () => {
    answer = 'offline';
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    answer = 'ok';
    expect(useAuthStore.getState().refreshToken).toBe('ref1');
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
    expect(refreshed).toEqual(['ref1']);
  });

  it('stops when the user signs out', async () => {
    useAuthStore.getState().clearSession();
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(refreshed).toEqual([]);
  });
});
