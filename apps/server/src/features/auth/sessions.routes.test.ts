import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthSessionListResponse, TokenResponse } from '@parallax/contract';
import type { FastifyInstance } from 'fastify';
import {
  createTestApp,
  createTestAppPair,
  type TestApp,
  type TestAppPair,
} from '../../../test/app';
import { bearer, registerAndSignIn, TEST_PASSWORD } from '../../../test/auth';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
const listSessions = (app: FastifyInstance, token: string, userAgent = WINDOWS_CHROME) =>
  app.inject({
    method: 'GET',
    url: '/api/v1/auth/sessions',
    headers: { ...bearer(token), 'user-agent': userAgent },
  });
const signOutSession = (app: FastifyInstance, token: string, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/v1/auth/sessions/${id}`, headers: bearer(token) });

async function secondSignIn(app: FastifyInstance, email: string): Promise<TokenResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': IPHONE, 'x-forwarded-for': '192.168.1.20' },
  });
  return TokenResponse.parse(res.json());
}

describe('sessions and devices', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('lists the live sessions with device, browser, place and last active, this one marked', async () => {
    const { user, accessToken } = await registerAndSignIn(t.app);
    const phone = await secondSignIn(t.app, user.email);
    // The phone's first call records how it looks; a session never used has no sighting yet.
    const used = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: {
        ...bearer(phone.access_token),
        'user-agent': IPHONE,
        'x-forwarded-for': '192.168.1.20',
      },
    });
    expect(used.statusCode).toBe(200);

    const res = await listSessions(t.app, accessToken);
    expect(res.statusCode).toBe(200);
    const { sessions } = AuthSessionListResponse.parse(res.json());
    expect(sessions).toHaveLength(2);
    const here = sessions.find((s) => s.current);
    const other = sessions.find((s) => !s.current);
    expect(here?.last_active_at).not.toBeNull();
    expect(other).toMatchObject({
      device: 'mobile',
      browser: 'Safari 17',
      os: 'iOS 17',
      ip_address: '192.168.1.20',
      place: 'Local network',
    });
    // Most recently active first: the phone was used after this session's first call.
    expect(sessions.map((s) => s.current)).toEqual([false, true]);
  });

  it('signs one session out: refused at once, its refresh token too; the caller stays in', async () => {
    const { user, accessToken } = await registerAndSignIn(t.app);
    const phone = await secondSignIn(t.app, user.email);
    const { sessions } = AuthSessionListResponse.parse(
      (await listSessions(t.app, accessToken)).json(),
    );
    const target = sessions.find((s) => !s.current);
    if (!target) throw new Error('no second session listed');

    expect((await me(t.app, phone.access_token)).statusCode).toBe(200);
    expect((await signOutSession(t.app, accessToken, target.id)).json()).toEqual({ ok: true });
    expect((await me(t.app, phone.access_token)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: phone.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await me(t.app, accessToken)).statusCode).toBe(200);

    const after = AuthSessionListResponse.parse((await listSessions(t.app, accessToken)).json());
    expect(after.sessions.map((s) => s.id)).not.toContain(target.id);
    // Signed out already: nothing left to sign out.
    expect((await signOutSession(t.app, accessToken, target.id)).statusCode).toBe(404);
  });

  it("answers 404 for another account's session and leaves it signed in", async () => {
    const owner = await registerAndSignIn(t.app);
    const stranger = await registerAndSignIn(t.app);
    const { sessions } = AuthSessionListResponse.parse(
      (await listSessions(t.app, owner.accessToken)).json(),
    );
    const ownerSession = sessions[0];
    if (!ownerSession) throw new Error('no session listed');

    const res = await signOutSession(t.app, stranger.accessToken, ownerSession.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
    expect((await me(t.app, owner.accessToken)).statusCode).toBe(200);
    const strangers = AuthSessionListResponse.parse(
      (await listSessions(t.app, stranger.accessToken)).json(),
    );
    expect(strangers.sessions.map((s) => s.id)).not.toContain(ownerSession.id);
  });

  it('needs a signed-in user and a well-formed id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/sessions' })).statusCode).toBe(
      401,
    );
    const { accessToken } = await registerAndSignIn(t.app);
    const long = await signOutSession(t.app, accessToken, 'x'.repeat(65));
    expect(long.statusCode).toBe(422);
    expect(long.json().detail).toMatch(/id/);
  });
});

describe('sessions across two processes', () => {
  let pair: TestAppPair;
  beforeEach(async () => {
    pair = await createTestAppPair();
  });
  afterEach(() => pair.close());

  it('a session signed out on one process is refused by the other at once', async () => {
    const { user, accessToken } = await registerAndSignIn(pair.a);
    const phone = await secondSignIn(pair.a, user.email);
    expect((await me(pair.b, phone.access_token)).statusCode).toBe(200);
    const { sessions } = AuthSessionListResponse.parse(
      (await listSessions(pair.b, accessToken)).json(),
    );
    const target = sessions.find((s) => !s.current);
    if (!target) throw new Error('no second session listed');

    expect((await signOutSession(pair.a, accessToken, target.id)).statusCode).toBe(200);
    expect((await me(pair.b, phone.access_token)).statusCode).toBe(401);
    expect((await me(pair.b, accessToken)).statusCode).toBe(200);
  });
});
