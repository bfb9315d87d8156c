import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors/api-error';
import { useAuthStore, type AuthUser } from '../store/auth-store';
import { completeSignIn, signOut } from './session-actions';
import { SIGNED_IN_EVENT } from './signed-in-event';

const tokens = { accessToken: 'acc', refreshToken: 'ref' };
const user: AuthUser = { id: 'u7', email: 'ada@example.com', name: 'Ada', role: 'user' };

beforeEach(() => {
  useAuthStore.setState({
    user: null,
    accessToken: null,
    refreshToken: null,
    isAuthenticated: false,
    isLoading: false,
    error: null,
  });
});

describe('completeSignIn', () => {
  it('stores tokens, loads the user, then becomes authenticated and emits the signed-in event', async () => {
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent<unknown>).detail);
    window.addEventListener(SIGNED_IN_EVENT, listener);
    let answer: (u: typeof user) => void = () => undefined;
    const pending = completeSignIn(tokens, () => new Promise((resolve) => (answer = resolve)));
    // Tokens are there for the /users/me call, but nobody counts as signed in yet.
    expect(useAuthStore.getState()).toMatchObject({ accessToken: 'acc', isAuthenticated: false });
    answer(user);
    await pending;
    expect(useAuthStore.getState()).toMatchObject({
      accessToken: 'acc',
      refreshToken: 'ref',
      isAuthenticated: true,
      user,
    });
    expect(seen).toEqual(['u7']);
    window.removeEventListener(SIGNED_IN_EVENT, listener);
  });

  it('drops the tokens again when the user cannot be loaded', async () => {
    const failure = new ApiError({ kind: 'http', status: 500, message: 'down' });
    await expect(completeSignIn(tokens, () => Promise.reject(failure))).rejects.toBe(failure);
    expect(useAuthStore.getState()).toMatchObject({
      accessToken: null,
      refreshToken: null,
      isAuthenticated: false,
    });
  });
});

describe('signOut', () => {
  it('ends the session on the server with the refresh token, then clears it locally', async () => {
    useAuthStore.setState({ ...tokens, user, isAuthenticated: true });
    const endSession = vi.fn(async () => {
      // Still signed in while the server call runs, so it can carry the bearer token.
      expect(useAuthStore.getState().isAuthenticated).toBe(true);
    });
    await signOut(endSession);
    expect(endSession).toHaveBeenCalledWith('ref');
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, user: null });
  });

  it('clears locally even when the server call fails', async () => {
    useAuthStore.setState({ ...tokens, user, isAuthenticated: true });
    await signOut(() => Promise.reject(new ApiError({ kind: 'network', message: 'offline' })));
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, accessToken: null });
  });

  it('does not call the server without a session', async () => {
    const endSession = vi.fn(async () => undefined);
    await signOut(endSession);
    expect(endSession).not.toHaveBeenCalled();
  });
});
