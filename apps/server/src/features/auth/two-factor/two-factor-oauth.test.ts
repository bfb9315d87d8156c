import { exportPKCS8, generateKeyPair } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  RecoveryCodesResponse,
  TokenResponse,
  TwoFactorChallengeResponse,
  TwoFactorSetupResponse,
} from '@parallax/contract';
import { createTestApp, type TestApp } from '../../../../test/app';
import { bearer, uniqueEmail } from '../../../../test/auth';
import { setTwoFactorFlag } from '../../../../test/feature-flags';
import { fromBase32, totpAt } from './totp';

/** Google and Apple against a real OpenID provider (oauth2-mock-server), as in oauth.test.ts. */
let provider: OAuth2Server;
let nextClaims: Record<string, unknown> = {};
let t: TestApp;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, nextClaims);
  });
});
afterAll(() => provider.stop());
afterEach(() => t.close());

async function appWithProviders(): Promise<TestApp> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const issuer = provider.issuer.url ?? '';
  const app = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      OAUTH_ISSUER_GOOGLE: issuer,
      APPLE_CLIENT_ID: 'com.parallax.web',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      APPLE_PRIVATE_KEY: await exportPKCS8(privateKey),
      OAUTH_ISSUER_APPLE: issuer,
    },
  });
  await setTwoFactorFlag(app.app, true);
  return app;
}

/** The provider's /authorize, followed like a browser: where it sends the user back. */
async function authorize(authUrl: string): Promise<URL> {
  const res = await fetch(authUrl, { redirect: 'manual' });
  return new URL(res.headers.get('location') ?? '');
}

async function googleSignIn(claims: Record<string, unknown>) {
  const redirectUri = `${t.config.appUrl}/auth/google/callback`;
  const login = await t.app.inject({
    method: 'GET',
    url: `/api/v1/auth/oauth/google/login?redirect_uri=${encodeURIComponent(redirectUri)}`,
  });
  const back = await authorize(login.json<{ auth_url: string }>().auth_url);
  nextClaims = claims;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/oauth/google/exchange',
    payload: {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      redirect_uri: redirectUri,
    },
  });
}

async function appleSignIn(claims: Record<string, unknown>) {
  const login = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/apple/login' });
  const back = await authorize(login.json<{ auth_url: string }>().auth_url);
  nextClaims = claims;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/oauth/apple/callback',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
    }).toString(),
  });
}

async function enrol(accessToken: string): Promise<{ key: string; recoveryCodes: string[] }> {
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/2fa/setup',
    headers: bearer(accessToken),
  });
  const key = TwoFactorSetupResponse.parse(setup.json()).manual_key;
  const enabled = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/2fa/enable',
    headers: bearer(accessToken),
    payload: { code: totpAt(fromBase32(key), Date.now()) },
  });
  return { key, recoveryCodes: RecoveryCodesResponse.parse(enabled.json()).recovery_codes };
}

const verify = (challenge: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/2fa/verify', payload: { challenge, code } });

describe('two-factor after Google and Apple', () => {
  it('Google answers a challenge instead of tokens; without a password, a code alone turns it off', async () => {
    t = await appWithProviders();
    const email = uniqueEmail('g2fa');
    const claims = { sub: `google-${email}`, email, email_verified: true };
    const first = TokenResponse.parse((await googleSignIn(claims)).json());
    const { key, recoveryCodes } = await enrol(first.access_token);

    const second = await googleSignIn(claims);
    expect(second.statusCode).toBe(200);
    const { challenge } = TwoFactorChallengeResponse.parse(second.json());
    const done = await verify(challenge, totpAt(fromBase32(key), Date.now() + 30_000));
    expect(done.statusCode).toBe(200);
    const tokens = TokenResponse.parse(done.json());

    // No password on a Google-only account: a code alone turns it off (the step above is spent).
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa/disable',
      headers: bearer(tokens.access_token),
      payload: { code: recoveryCodes[0] },
    });
    expect(off.statusCode).toBe(200);
    expect(TokenResponse.safeParse((await googleSignIn(claims)).json()).success).toBe(true);
  });

  it("Apple's callback redirects to the app's two-factor step instead of handing out tokens", async () => {
    t = await appWithProviders();
    const email = uniqueEmail('a2fa');
    const claims = { sub: `apple-${email}`, email, email_verified: 'true' };
    const first = new URL((await appleSignIn(claims)).headers.location ?? '');
    const { key } = await enrol(first.searchParams.get('access_token') ?? '');

    const res = await appleSignIn(claims);
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location ?? '');
    expect(location.origin + location.pathname).toBe(`${t.config.appUrl}/auth/two-factor`);
    expect(location.searchParams.has('access_token')).toBe(false);
    const challenge = location.searchParams.get('challenge') ?? '';
    const done = await verify(challenge, totpAt(fromBase32(key), Date.now() + 30_000));
    expect(TokenResponse.safeParse(done.json()).success).toBe(true);
  });
});
