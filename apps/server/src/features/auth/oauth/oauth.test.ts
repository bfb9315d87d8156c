import { exportPKCS8, generateKeyPair } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  PublicConfigResponse,
  TokenResponse,
  User,
  type FeatureFlagName,
} from '@parallax/contract';
import { createTestApp, type TestApp } from '../../../../test/app';
import { bearer, registerAndSignIn, TEST_PASSWORD, uniqueEmail } from '../../../../test/auth';

/**
 * Both flows end to end against a real OpenID provider (oauth2-mock-server): discovery, the
 * browser's /authorize round trip, the code exchange, and ID token checks against its JWKS.
 */
let provider: OAuth2Server;
/** Claims the provider puts into the next tokens it signs (sub, email, email_verified, name...). */
let nextClaims: Record<string, unknown> = {};
let t: TestApp | undefined;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, nextClaims);
  });
});
afterAll(() => provider.stop());
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const issuer = () => provider.issuer.url ?? '';

async function appWithProviders(): Promise<TestApp> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return createTestApp({
    env: {
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      OAUTH_ISSUER_GOOGLE: issuer(),
      APPLE_CLIENT_ID: 'com.parallax.web',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      APPLE_PRIVATE_KEY: await exportPKCS8(privateKey),
      OAUTH_ISSUER_APPLE: issuer(),
    },
  });
}

/** An admin of `app` turns a feature flag on or off through the admin API. */
async function setFlag(app: TestApp, name: FeatureFlagName, enabled: boolean) {
  const admin = await registerAndSignIn(app.app, { admin: true });
  const res = await app.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/feature-flags/${name}`,
    headers: bearer(admin.accessToken),
    payload: { enabled },
  });
  expect(res.statusCode).toBe(200);
}

/** What the browser does at the provider: open auth_url, get redirected back with code and state. */
async function authorizeLikeABrowser(authUrl: string): Promise<URL> {
  const res = await fetch(authUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

async function googleSignIn(
  app: TestApp,
  claims: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const redirectUri = `${app.config.appUrl}/auth/google/callback`;
  const login = await app.app.inject({
    method: 'GET',
    url: `/api/v1/auth/oauth/google/login?redirect_uri=${encodeURIComponent(redirectUri)}`,
    headers,
  });
  expect(login.statusCode).toBe(200);
  const authUrl = new URL(login.json<{ auth_url: string }>().auth_url);
  expect(authUrl.origin + authUrl.pathname).toBe(`${issuer()}/authorize`);
  expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authUrl.searchParams.get('nonce')).toBeTruthy();

  const back = await authorizeLikeABrowser(authUrl.toString());
  expect(back.origin + back.pathname).toBe(redirectUri);
  nextClaims = claims;
  return app.app.inject({
    method: 'POST',
    url: '/api/v1/auth/oauth/google/exchange',
    headers,
    payload: {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      redirect_uri: redirectUri,
    },
  });
}

describe('Google sign-in', () => {
  it('creates a verified account from the ID token, then finds it again by subject', async () => {
    t = await appWithProviders();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' })).json()).toEqual({
      google: true,
      apple: true,
    });
    const email = uniqueEmail('g');
    const claims = {
      sub: `google-${email}`,
      email,
      email_verified: true,
      name: 'Gina Google',
      picture: 'https://example.test/g.png',
    };
    const res = await googleSignIn(t, claims);
    expect(res.statusCode).toBe(200);
    const tokens = TokenResponse.parse(res.json());
    const user = User.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/users/me',
          headers: bearer(tokens.access_token),
        })
      ).json(),
    );
    expect(user).toMatchObject({
      email,
      name: 'Gina Google',
      email_verified: true,
      avatar_url: 'https://example.test/g.png',
    });

    const again = await googleSignIn(t, { ...claims, email: uniqueEmail('changed') });
    const second = User.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/users/me',
          headers: bearer(again.json<TokenResponse>().access_token),
        })
      ).json(),
    );
    expect(second.id).toBe(user.id);
  });

  it('links to an existing account by verified email, never by an unverified one', async () => {
    t = await appWithProviders();
    const { user } = await registerAndSignIn(t.app);
    const linked = await googleSignIn(t, {
      sub: `g-${user.id}`,
      email: user.email,
      email_verified: true,
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: bearer(linked.json<TokenResponse>().access_token),
    });
    expect(me.json().id).toBe(user.id);
    // The password still works for the linked account.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: user.email, password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);

    const refused = await googleSignIn(t, {
      sub: 'g-unverified',
      email: uniqueEmail(),
      email_verified: false,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('refuses a replayed state, a foreign redirect_uri and a token for another client', async () => {
    t = await appWithProviders();
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/oauth/google/login?redirect_uri=${encodeURIComponent('https://evil.test/auth/google/callback')}`,
    });
    expect(bad.statusCode).toBe(400);

    const email = uniqueEmail();
    const first = await googleSignIn(t, { sub: 'g-replay', email, email_verified: true });
    expect(first.statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/oauth/google/exchange',
      payload: {
        code: 'whatever',
        state: 'not-a-live-state',
        redirect_uri: `${t.config.appUrl}/auth/google/callback`,
      },
    });
    expect(replay.statusCode).toBe(400);

    const wrongAudience = await googleSignIn(t, {
      sub: 'g-aud',
      email: uniqueEmail(),
      email_verified: true,
      aud: 'someone-else',
    });
    expect(wrongAudience.statusCode).toBe(400);
    const wrongNonce = await googleSignIn(t, {
      sub: 'g-nonce',
      email: uniqueEmail(),
      email_verified: true,
      nonce: 'forged',
    });
    expect(wrongNonce.statusCode).toBe(400);
    const expired = await googleSignIn(t, {
      sub: 'g-exp',
      email: uniqueEmail(),
      email_verified: true,
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    expect(expired.statusCode).toBe(400);
  });

  it('moves the visitor who started the sign-in to the account', async () => {
    t = await appWithProviders();
    const visitorId = `visitor_${'g'.repeat(30)}`;
    const claimed: string[] = [];
    t.app.visitors.onVisitorClaimed(async (visitor, userId) => {
      claimed.push(`${visitor}->${userId}`);
    });
    const res = await googleSignIn(
      t,
      { sub: 'g-visitor', email: uniqueEmail(), email_verified: true },
      { 'x-visitor-id': visitorId },
    );
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: bearer(res.json<TokenResponse>().access_token),
    });
    expect(claimed).toEqual([`${visitorId}->${me.json().id}`]);
  });
});

describe('Google sign-in with its flag off', () => {
  it('is not offered, refuses to start and to finish an attempt begun before (404)', async () => {
    t = await appWithProviders();
    const redirectUri = `${t.config.appUrl}/auth/google/callback`;
    const loginUrl = `/api/v1/auth/oauth/google/login?redirect_uri=${encodeURIComponent(redirectUri)}`;
    const begun = await t.app.inject({ method: 'GET', url: loginUrl });
    expect(begun.statusCode).toBe(200);
    const back = await authorizeLikeABrowser(begun.json<{ auth_url: string }>().auth_url);

    await setFlag(t, 'google_sign_in', false);
    const providers = await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(providers.json()).toEqual({ google: false, apple: true });
    const config = PublicConfigResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/config' })).json(),
    );
    expect(config.sign_in_providers).toEqual({ google: false, apple: true });
    expect(config.flags.google_sign_in).toBe(false);

    const login = await t.app.inject({ method: 'GET', url: loginUrl });
    expect(login.statusCode).toBe(404);
    expect(login.json()).toMatchObject({
      error: 'feature_disabled',
      detail: 'Google sign-in is turned off on this server.',
    });
    nextClaims = { sub: 'google-off', email: uniqueEmail('off'), email_verified: true };
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/oauth/google/exchange',
      payload: {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
        redirect_uri: redirectUri,
      },
    });
    expect(exchange.statusCode).toBe(404);
    expect(exchange.json()).toMatchObject({ error: 'feature_disabled' });

    await setFlag(t, 'google_sign_in', true);
    expect((await t.app.inject({ method: 'GET', url: loginUrl })).statusCode).toBe(200);
  });
});

describe('Apple sign-in', () => {
  async function appleAuthorize(app: TestApp): Promise<{ code: string; state: string }> {
    const login = await app.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/apple/login' });
    expect(login.statusCode).toBe(200);
    const authUrl = new URL(login.json<{ auth_url: string }>().auth_url);
    expect(authUrl.searchParams.get('response_mode')).toBe('form_post');
    expect(authUrl.searchParams.get('redirect_uri')).toBe(
      `${app.config.appUrl}/api/v1/auth/oauth/apple/callback`,
    );
    const back = await authorizeLikeABrowser(authUrl.toString());
    return {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
    };
  }

  /** Apple's page posts an HTML form to the server's callback. */
  function postForm(app: TestApp, fields: Record<string, string>) {
    return app.app.inject({
      method: 'POST',
      url: '/api/v1/auth/oauth/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  it('verifies the ID token, keeps the first-time name and redirects with tokens', async () => {
    t = await appWithProviders();
    const email = uniqueEmail('apple');
    const { code, state } = await appleAuthorize(t);
    nextClaims = { sub: `apple-${email}`, email, email_verified: 'true' };
    const user = JSON.stringify({ name: { firstName: 'Ana', lastName: 'Apple' }, email });
    const res = await postForm(t, { code, state, user });
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location ?? '');
    expect(location.origin + location.pathname).toBe(`${t.config.appUrl}/auth/apple/success`);
    const accessToken = location.searchParams.get('access_token') ?? '';
    expect(location.searchParams.get('refresh_token')).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: bearer(accessToken),
    });
    expect(me.json()).toMatchObject({ email, name: 'Ana Apple', email_verified: true });

    // Later sign-ins carry no name; the kept one stays.
    const next = await appleAuthorize(t);
    const again = await postForm(t, next);
    const token2 = new URL(again.headers.location ?? '').searchParams.get('access_token') ?? '';
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token2) })
      ).json().name,
    ).toBe('Ana Apple');
  });

  it('with its flag off: not offered, refuses to start, and the callback goes to the error page', async () => {
    t = await appWithProviders();
    const begun = await appleAuthorize(t);
    await setFlag(t, 'apple_sign_in', false);
    const providers = await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(providers.json()).toEqual({ google: true, apple: false });
    const login = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/apple/login' });
    expect(login.statusCode).toBe(404);
    expect(login.json()).toMatchObject({
      error: 'feature_disabled',
      detail: 'Apple sign-in is turned off on this server.',
    });
    nextClaims = { sub: 'apple-off', email: uniqueEmail('off'), email_verified: 'true' };
    const res = await postForm(t, begun);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${t.config.appUrl}/auth/apple/error?reason=not_configured`);
  });

  it('redirects to the error page for a used state, a cancel or a bad form', async () => {
    t = await appWithProviders();
    const { code, state } = await appleAuthorize(t);
    nextClaims = { sub: 'apple-x', email: uniqueEmail(), email_verified: 'true' };
    expect((await postForm(t, { code, state })).statusCode).toBe(303);
    const reused = await postForm(t, { code, state });
    expect(reused.headers.location).toBe(
      `${t.config.appUrl}/auth/apple/error?reason=invalid_state`,
    );

    const cancelled = await appleAuthorize(t);
    const res = await postForm(t, { state: cancelled.state, error: 'user_cancelled_authorize' });
    expect(res.headers.location).toBe(`${t.config.appUrl}/auth/apple/error?reason=cancelled`);
    expect((await postForm(t, { code: 'x' })).headers.location).toBe(
      `${t.config.appUrl}/auth/apple/error?reason=invalid_request`,
    );
  });
});
