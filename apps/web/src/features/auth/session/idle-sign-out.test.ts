import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../store/auth-store';
import { signOutForInactivity } from './idle-sign-out';
import { recordSessionEnd, setSessionEndListener, type SessionEndReason } from './session-end';

let ended: SessionEndReason[] = [];

beforeEach(() => {
  localStorage.clear();
  ended = [];
  setSessionEndListener((reason) => ended.push(reason));
  useAuthStore.setState({
    user: { id: 'u1', email: 'ada@example.com' },
    accessToken: 'acc',
    refreshToken: 'ref',
    accessTokenExpiresAt: null,
    isAuthenticated: true,
    isLoading: false,
    error: null,
  });
});

describe('the sign-out on inactivity', () => {
  it('ends the session here first, leaves "idle" for the other tabs, then ends it on the server without a bearer', async () => {
    const bearerAtCall: (string | null)[] = [];
    const endOnServer = vi.fn(async () => {
      bearerAtCall.push(useAuthStore.getState().accessToken);
    });
    expect(await signOutForInactivity(() => true, endOnServer)).toBe(true);
    expect(endOnServer).toHaveBeenCalledWith('ref');
    expect(bearerAtCall).toEqual([null]);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, refreshToken: null });
    expect(ended).toEqual(['idle']);
    expect(JSON.parse(localStorage.getItem('parallax:session-end') ?? '{}')).toMatchObject({
      reason: 'idle',
    });
  });

  it('does nothing when another tab saw activity a moment ago', async () => {
    const endOnServer = vi.fn(async () => undefined);
    expect(await signOutForInactivity(() => false, endOnServer)).toBe(false);
    expect(endOnServer).not.toHaveBeenCalled();
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('does nothing when another tab already signed out', async () => {
    useAuthStore.getState().clearSession();
    const endOnServer = vi.fn(async () => undefined);
    expect(await signOutForInactivity(() => true, endOnServer)).toBe(false);
    expect(endOnServer).not.toHaveBeenCalled();
    expect(ended).toEqual([]);
  });

  it('tells why when it finds the session already ended by another tab', async () => {
    // The other tab's sign-out as this tab sees it: the shared storage cleared, this tab's
    // memory still signed in (its storage event not handled yet).
    const signedIn = useAuthStore.getState();
    useAuthStore.getState().clearSession();
    const cleared = localStorage.getItem('auth-storage');
    useAuthStore.setState(signedIn);
    recordSessionEnd('idle');
    localStorage.setItem('auth-storage', cleared ?? '');
    const endOnServer = vi.fn(async () => undefined);
    expect(await signOutForInactivity(() => true, endOnServer)).toBe(false);
    expect(endOnServer).not.toHaveBeenCalled();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(ended).toEqual(['idle']);
  });

  it('stays signed out locally when the server cannot be told', async () => {
    const ok = await signOutForInactivity(
      () => true,
      () => Promise.reject(new Error('offline')),
    );
    expect(ok).toBe(true);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});
