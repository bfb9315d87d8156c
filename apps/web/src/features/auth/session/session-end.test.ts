import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, useAuthStore } from '../store/auth-store';
import {
  endSession,
  followOtherTabs,
  recordSessionEnd,
  setSessionEndListener,
  tokensRefreshedElsewhere,
  whileSigningOutHere,
  type SessionEndReason,
} from './session-end';
import { SIGNED_IN_EVENT } from './signed-in-event';

const signedIn = {
  user: { id: 'u1', email: 'ada@example.com' },
  accessToken: 'acc',
  refreshToken: 'ref',
  isAuthenticated: true,
};
const signedOut = { user: null, accessToken: null, refreshToken: null, isAuthenticated: false };

let ended: SessionEndReason[] = [];
let stopFollowing = () => undefined as void;

/** What another tab does: write the shared session, which raises `storage` here. */
function otherTabWrites(state: typeof signedIn | typeof signedOut): void {
  const value = JSON.stringify({ state, version: 0 });
  localStorage.setItem(AUTH_STORAGE_KEY, value);
  window.dispatchEvent(
    new StorageEvent('storage', {
      key: AUTH_STORAGE_KEY,
      newValue: value,
      storageArea: localStorage,
    }),
  );
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  localStorage.clear();
  ended = [];
  setSessionEndListener((reason) => ended.push(reason));
  useAuthStore.setState({ ...signedIn, isLoading: false, error: null });
  stopFollowing = followOtherTabs();
});
afterEach(() => stopFollowing());

describe('a session that ends elsewhere', () => {
  it('ends in this tab too when another tab signs out everywhere, saying why', async () => {
    recordSessionEnd('signed-out-everywhere');
    otherTabWrites(signedOut);
    await settle();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, accessToken: null });
    expect(ended).toEqual(['signed-out-everywhere']);
  });

  it('takes over the tokens another tab rotated, and stays signed in', async () => {
    otherTabWrites({ ...signedIn, accessToken: 'acc2', refreshToken: 'ref2' });
    await settle();
    expect(useAuthStore.getState()).toMatchObject({
      accessToken: 'acc2',
      refreshToken: 'ref2',
      isAuthenticated: true,
    });
    expect(ended).toEqual([]);
  });

  it('signs this tab in when another one signs in', async () => {
    useAuthStore.setState(signedOut);
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent<unknown>).detail);
    window.addEventListener(SIGNED_IN_EVENT, listener);
    otherTabWrites(signedIn);
    await settle();
    window.removeEventListener(SIGNED_IN_EVENT, listener);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(seen).toEqual(['u1']);
  });

  it('tells the user once when the server refuses the session, however many requests found out', () => {
    endSession('expired');
    endSession('expired');
    expect(useAuthStore.getState().refreshToken).toBeNull();
    expect(ended).toEqual(['expired']);
  });

  it("keeps another tab's reason when a 401 here comes first", () => {
    recordSessionEnd('signed-out-everywhere');
    endSession('expired');
    expect(ended).toEqual(['signed-out-everywhere']);
  });

  it('says the device was signed out when its socket closes as signed out, and other tabs read it', async () => {
    endSession('revoked');
    expect(useAuthStore.getState().accessToken).toBeNull();
    expect(ended).toEqual(['revoked']);
    // Another tab of this browser, which shared the session, sees it go with the same reason.
    ended = [];
    useAuthStore.setState(signedIn);
    otherTabWrites(signedOut);
    await settle();
    expect(ended).toEqual(['revoked']);
  });

  it('keeps the reason this browser recorded when the socket closes first', () => {
    recordSessionEnd('signed-out');
    endSession('revoked');
    expect(ended).toEqual(['signed-out']);
  });

  it('tells nothing while this tab signs out by its own hand, whoever ends the session meanwhile', async () => {
    await whileSigningOutHere(async () => {
      endSession('revoked');
      useAuthStore.setState(signedIn);
      otherTabWrites(signedOut);
      await settle();
    });
    expect(useAuthStore.getState().accessToken).toBeNull();
    expect(ended).toEqual([]);
    // Afterwards, news from elsewhere is told again.
    useAuthStore.setState(signedIn);
    endSession('revoked');
    expect(ended).toEqual(['revoked']);
  });
});

describe('a refresh another tab made first', () => {
  it('uses the pair that tab stored, as soon as it is there', async () => {
    const pending = tokensRefreshedElsewhere('ref', { tries: 20, delayMs: 5 });
    setTimeout(
      () =>
        localStorage.setItem(
          AUTH_STORAGE_KEY,
          JSON.stringify({
            state: {
              ...signedIn,
              accessToken: 'acc2',
              refreshToken: 'ref2',
              accessTokenExpiresAt: 123,
            },
            version: 0,
          }),
        ),
      20,
    );
    expect(await pending).toEqual({ accessToken: 'acc2', refreshToken: 'ref2', expiresAt: 123 });
  });

  it('gives up when no newer pair shows up', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ state: signedIn, version: 0 }));
    expect(await tokensRefreshedElsewhere('ref', { tries: 3, delayMs: 1 })).toBeNull();
  });
});
